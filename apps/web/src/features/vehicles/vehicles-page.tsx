import { useState } from 'react';
import VehiclesIcon from '@mui/icons-material/LocalShippingOutlined';
import Typography from '@mui/material/Typography';
import { MESSAGES, VEHICLE_IMPORT_COLUMNS, pluralize, type TVehicleRow } from '@fleet/contract';
import { ListPage, LIST_REFRESH_MS, type ListColumn } from '../../components/list';
import { VehicleDialog } from '../../components/vehicle-dialog';
import { useTerms } from '../../lib/terms';
import { formatDistance, weightUnit } from '../../lib/unit-options';
import {
  VEHICLES_EXPORT_PATH,
  useArchiveVehicle,
  useVehicleImport,
  vehicleListQuery,
} from '../../lib/api/vehicles';

/** 'Assigned To {driver names}' or 'Not Assigned' (spec 001 "Vehicles"). */
export const vehicleStatus = (vehicle: TVehicleRow) =>
  vehicle.taken === '1' && vehicle.drivers.length > 0
    ? `Assigned To ${vehicle.drivers.map((d) => `${d.fname} ${d.lname}`).join(', ')}`
    : 'Not Assigned';

/**
 * The odometer now (the mileage recorded plus the distance counted from GPS since), with what it is
 * made of beneath it; without a recorded mileage, only the distance counted.
 */
function Odometer({ vehicle: v }: { vehicle: TVehicleRow }) {
  const since = v.mileage_date.slice(0, 10);
  if (v.odometer === null)
    return v.counted_distance > 0 ? (
      <Typography variant="caption" color="text.secondary">
        No mileage recorded; {formatDistance(v.counted_distance)} from GPS since {since}
      </Typography>
    ) : null;
  return (
    <>
      {formatDistance(v.odometer)}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {formatDistance(v.mileage!)} on {since}
        {v.counted_distance > 0 ? ` + ${formatDistance(v.counted_distance)} from GPS` : ''}
      </Typography>
    </>
  );
}

/** /vehicles: the tenant's vehicles, refreshed every 10 s (spec 001 "Vehicles"). */
export function VehiclesPage() {
  const terms = useTerms();
  const archive = useArchiveVehicle();
  const vehicleImport = useVehicleImport();
  const [editing, setEditing] = useState<TVehicleRow | null>(null);
  const [open, setOpen] = useState(false);

  const columns: ListColumn<TVehicleRow>[] = [
    { id: 'reference', label: 'Reference', render: (v) => v.reference },
    { id: 'brand', label: 'Brand', render: (v) => v.brand },
    { id: 'year', label: 'Year', render: (v) => v.year },
    { id: 'model', label: 'Model', render: (v) => v.model },
    { id: 'status', label: 'Status', render: vehicleStatus },
    {
      id: 'odometer',
      label: `Odometer (${terms.spaceUnit.symbol})`,
      align: 'right',
      render: (v) => <Odometer vehicle={v} />,
    },
    {
      id: 'load_capacity',
      label: `Load capacity (${weightUnit(terms)})`,
      align: 'right',
      render: (v) => (v.load_capacity === null ? '—' : v.load_capacity.toLocaleString('en')),
    },
  ];

  return (
    <ListPage
      title={pluralize(terms.bus)}
      icon={<VehiclesIcon color="primary" />}
      query={({ search }) => vehicleListQuery(search)}
      columns={columns}
      rowName={(v) => v.reference}
      add={{
        label: `Add ${terms.bus}`,
        onClick: () => {
          setEditing(null);
          setOpen(true);
        },
      }}
      onEdit={(v) => {
        setEditing(v);
        setOpen(true);
      }}
      remove={{
        question: () => MESSAGES.deleteQuestion(terms.bus),
        run: (v) => archive.mutateAsync(v.id),
        successMessage: `${terms.bus} deleted successfully.`,
      }}
      exportFile={{ path: VEHICLES_EXPORT_PATH, fileName: `${pluralize(terms.bus)}.xlsx` }}
      importFile={{
        title: `Import ${pluralize(terms.bus)}`,
        columns: VEHICLE_IMPORT_COLUMNS,
        ...vehicleImport,
      }}
      refetchIntervalMs={LIST_REFRESH_MS}
      searchLabel="Search by reference"
      emptyText={`No ${pluralize(terms.bus).toLowerCase()} yet.`}
      errorText={(message) => `Error fetching buses: ${message}`}
    >
      <VehicleDialog open={open} vehicle={editing} onClose={() => setOpen(false)} />
    </ListPage>
  );
}
