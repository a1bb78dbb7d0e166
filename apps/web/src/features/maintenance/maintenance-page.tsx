import { useState } from 'react';
import MaintenanceIcon from '@mui/icons-material/BuildOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import RescheduleIcon from '@mui/icons-material/EventRepeatOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  MAINTENANCE_MESSAGES,
  MAINTENANCE_REFRESH_MS,
  type THistoryRow,
  type TMaintenanceRow,
} from '@fleet/contract';
import { ListPage, ListView, type ListColumn } from '../../components/list';
import { OverdueChip } from '../../components/overdue-chip';
import { RiskProbability } from '../../components/risk-probability';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { paths } from '../../lib/paths';
import { useTerms } from '../../lib/terms';
import { formatDistance } from '../../lib/unit-options';
import { AddMaintenanceDialog } from './add-maintenance-dialog';
import { MaintenanceTypesDialog } from './maintenance-types-dialog';
import { maintenanceHistoryQuery, maintenanceListQuery } from './api/maintenance';

type TRow = TMaintenanceRow & { id: number };

/** The vehicles due soonest first, then those serviced most recently, then the rest by reference. */
const soonestFirst = (a: TRow, b: TRow) =>
  (a.predicted_upcoming_maintenance ?? '9999').localeCompare(b.predicted_upcoming_maintenance ?? '9999') ||
  (b.service_date ?? '').localeCompare(a.service_date ?? '') ||
  a.vehicle_reference.localeCompare(b.vehicle_reference);

/** View Full History: a vehicle's services, latest first, with the odometer where it was recorded. */
function HistoryDialog({ row, onClose }: { row: TRow | null; onClose: () => void }) {
  const terms = useTerms();
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const historyColumns: ListColumn<THistoryRow>[] = [
    { id: 'service_date', label: 'Service Date', nowrap: true, render: (h) => h.service_date },
    { id: 'type', label: 'Type', render: (h) => h.type },
    { id: 'note', label: 'Note', prose: true, render: (h) => h.note || MAINTENANCE_MESSAGES.noNote },
    { id: 'completed_by', label: 'Completed By', render: (h) => h.completed_by ?? '' },
    {
      id: 'odometer',
      label: `Odometer (${terms.spaceUnit.symbol})`,
      align: 'right',
      render: (h) => (h.odometer === null ? '—' : formatDistance(h.odometer)),
    },
  ];
  return (
    <Dialog open={row !== null} onClose={onClose} fullScreen={fullScreen} maxWidth="md" fullWidth>
      <DialogTitle>Maintenance history{row ? `: ${row.vehicle_reference}` : ''}</DialogTitle>
      <DialogContent>
        {row && (
          <ListView
            label={`Maintenance history of ${row.vehicle_reference}`}
            query={() => maintenanceHistoryQuery(row.vehicle_id)}
            order={(a, b) => b.service_date.localeCompare(a.service_date) || b.id - a.id}
            columns={historyColumns}
            emptyText="No maintenance recorded yet."
            errorText={() => 'Error on loading'}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * /maintenance (spec 002 "Vehicle maintenance at /maintenance"): each vehicle's predicted next service
 * (marked when overdue), last service and note, and its malfunction probability from the tenant's
 * risk model in its risk colour ("—" until a model exists); View Full History, Reschedule Maintenance
 * (to /trips), Add Maintenance; refreshed every 10 s.
 */
export function MaintenancePage() {
  const terms = useTerms();
  const [adding, setAdding] = useState(false);
  const [editingTypes, setEditingTypes] = useState(false);
  const [history, setHistory] = useState<TRow | null>(null);

  const columns: ListColumn<TRow>[] = [
    { id: 'vehicle_reference', label: `${terms.bus} reference`, render: (r) => r.vehicle_reference },
    {
      id: 'predicted',
      label: 'Predicted upcoming maintenance',
      nowrap: true,
      render: (r) =>
        r.predicted_upcoming_maintenance ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span>{`${r.predicted_upcoming_maintenance} (${r.predicted_type ?? ''})`}</span>
            {r.overdue && <OverdueChip />}
          </Stack>
        ) : (
          '—'
        ),
    },
    {
      id: 'service_date',
      label: 'Last maintenance date',
      nowrap: true,
      render: (r) => r.service_date ?? '—',
    },
    {
      id: 'last_note',
      label: 'Last notes',
      prose: true,
      render: (r) => r.last_note || MAINTENANCE_MESSAGES.noNote,
    },
    {
      id: 'malfunction_probability',
      label: 'Malfunction probability',
      render: (r) => <RiskProbability percent={r.malfunction_probability} />,
    },
  ];

  return (
    <ListPage
      title="Maintenance"
      icon={<MaintenanceIcon color="primary" />}
      query={({ search }) => {
        const query = maintenanceListQuery();
        const text = search.toLowerCase();
        return text
          ? {
              ...query,
              select: (rows: TRow[]) => rows.filter((r) => r.vehicle_reference.toLowerCase().includes(text)),
            }
          : query;
      }}
      order={soonestFirst}
      searchLabel="Search by reference"
      columns={columns}
      rowName={(r) => r.vehicle_reference}
      add={{ label: 'Add Maintenance', onClick: () => setAdding(true) }}
      toolbar={<Button onClick={() => setEditingTypes(true)}>Maintenance types</Button>}
      rowActions={[
        { id: 'history', label: () => 'View Full History', icon: <HistoryIcon />, onClick: setHistory },
        {
          id: 'reschedule',
          label: () => 'Reschedule Maintenance',
          icon: <RescheduleIcon />,
          href: () => paths.trips.getHref(),
        },
      ]}
      refetchIntervalMs={MAINTENANCE_REFRESH_MS}
      emptyText={`No ${terms.bus.toLowerCase()} to maintain yet.`}
      errorText={(message) => `Error on loading: ${message}`}
    >
      <AddMaintenanceDialog open={adding} onClose={() => setAdding(false)} />
      <MaintenanceTypesDialog open={editingTypes} onClose={() => setEditingTypes(false)} />
      <HistoryDialog row={history} onClose={() => setHistory(null)} />
    </ListPage>
  );
}
