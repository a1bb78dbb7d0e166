import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import DriversIcon from '@mui/icons-material/BadgeOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import GpsFixedOutlined from '@mui/icons-material/GpsFixedOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import { DRIVER_IMPORT_COLUMNS, MESSAGES, pluralize, type TDriverRow } from '@fleet/contract';
import { paths, type RouteKey } from '../../lib/paths';
import { useIsRouted } from '../../lib/routed';
import { ListPage, LIST_REFRESH_MS, type ListColumn, type RowAction } from '../../components/list';
import {
  DRIVERS_EXPORT_PATH,
  driverListQuery,
  useArchiveDriver,
  useDriverImport,
} from '../../lib/api/drivers';
import { useTerms } from '../../lib/terms';
import { languagesQuery } from '../../lib/api/languages';
import { DriverDetailsDialog } from './driver-details-dialog';
import { DriverDialog } from './driver-dialog';
import { TrackerDialog } from './tracker-dialog';

const fullName = (driver: TDriverRow) => `${driver.fname} ${driver.lname}`;

/** /drivers: the tenant's drivers, refreshed every 10 s (spec 000 "Drivers page"). */
export function DriversPage() {
  const terms = useTerms();
  const isRouted = useIsRouted();
  const languages = useQuery(languagesQuery());
  const archive = useArchiveDriver();
  const driverImport = useDriverImport();
  const [editing, setEditing] = useState<TDriverRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [details, setDetails] = useState<TDriverRow | null>(null);
  const [tracker, setTracker] = useState<TDriverRow | null>(null);

  const languageName = (code: string | null) =>
    code ? (languages.data?.find((l) => l.code === code)?.name ?? code) : '';

  const columns: ListColumn<TDriverRow>[] = [
    { id: 'name', label: 'Name', render: fullName },
    { id: 'email', label: 'E-mail', render: (d) => d.email },
    { id: 'vehicle', label: terms.bus, render: (d) => d.bus?.reference ?? '' },
    {
      id: 'rate',
      label: 'Hourly rate',
      align: 'right',
      render: (d) => `${d.hourly_rate.toFixed(2)} ${terms.currency.symbol}`,
    },
    { id: 'language', label: 'Language', render: (d) => languageName(d.language) },
  ];

  // Each screen a row opens is offered once that screen exists.
  const screens: (RowAction<TDriverRow> & { route: RouteKey })[] = [
    {
      id: 'push',
      route: 'pushNotifications',
      label: (d) => `Push notification to ${fullName(d)}`,
      icon: <CampaignOutlined fontSize="small" />,
      href: (d) => paths.pushNotifications.getHref({ driver_id: d.id, driverName: fullName(d) }),
    },
    {
      id: 'files',
      route: 'driverFile',
      label: (d) => `Files of ${fullName(d)}`,
      icon: <FolderOutlined fontSize="small" />,
      href: (d) => paths.driverFile.getHref({ id: d.id, name: fullName(d) }),
    },
    {
      id: 'finance',
      route: 'oneDriverFinance',
      label: (d) => `Finance of ${fullName(d)}`,
      icon: <PaymentsOutlined fontSize="small" />,
      href: (d) => paths.oneDriverFinance.getHref({ id: d.id, name: fullName(d) }),
    },
  ];
  const trackerAction: RowAction<TDriverRow> = {
    id: 'tracker',
    label: (d) => `Tracker of ${fullName(d)}`,
    icon: <GpsFixedOutlined fontSize="small" />,
    onClick: setTracker,
  };
  const detailsAction: RowAction<TDriverRow> = {
    id: 'details',
    label: (d) => `Details of ${fullName(d)}`,
    icon: <InfoOutlined fontSize="small" />,
    onClick: setDetails,
  };

  return (
    <ListPage
      title={pluralize(terms.driver)}
      icon={<DriversIcon color="primary" />}
      query={({ search, page, pageSize }) => driverListQuery(search, page, pageSize)}
      serverPage={(data) => ({ rows: data.drivers, total: data.total })}
      columns={columns}
      rowName={fullName}
      add={{
        label: `Add ${terms.driver}`,
        onClick: () => {
          setEditing(null);
          setDialogOpen(true);
        },
      }}
      onEdit={(d) => {
        setEditing(d);
        setDialogOpen(true);
      }}
      remove={{
        question: () => MESSAGES.driver.deleteQuestion,
        run: (d) => archive.mutateAsync(d.id),
        successMessage: `${terms.driver} deleted successfully.`,
      }}
      rowActions={[...screens.filter((action) => isRouted(action.route)), trackerAction, detailsAction]}
      exportFile={{ path: DRIVERS_EXPORT_PATH, fileName: `${pluralize(terms.driver)}.xlsx` }}
      importFile={{
        title: `Import ${pluralize(terms.driver)}`,
        columns: DRIVER_IMPORT_COLUMNS,
        ...driverImport,
      }}
      refetchIntervalMs={LIST_REFRESH_MS}
      searchLabel="Search by name or e-mail"
      emptyText={`No ${pluralize(terms.driver).toLowerCase()} yet.`}
    >
      <DriverDialog open={dialogOpen} driver={editing} onClose={() => setDialogOpen(false)} />
      <DriverDetailsDialog driver={details} onClose={() => setDetails(null)} />
      <TrackerDialog driver={tracker} onClose={() => setTracker(null)} />
    </ListPage>
  );
}
