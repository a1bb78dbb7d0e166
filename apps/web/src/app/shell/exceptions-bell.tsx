import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { EXCEPTIONS_REFRESH_MS, type TException, type TVehicleAlert } from '@fleet/contract';
import { useSnackbar } from '../../components/snackbar';
import { SESSION_STORAGE_KEYS } from '../../lib/storage-keys';
import {
  notSeenExceptionsQuery,
  useMarkAllExceptionsSeen,
  useMarkExceptionSeen,
} from '../../lib/api/exceptions';
import {
  useMarkAllVehicleAlertsSeen,
  useMarkVehicleAlertSeen,
  vehicleAlertsQuery,
} from '../../lib/api/vehicle-alerts';
import { paths } from '../../lib/paths';
import { isSuperAdmin, useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';

const loadPopover = () => import('./exceptions-popover');
const ExceptionsPopover = lazy(loadPopover);

/**
 * The bell's accessible name: what it is and how many are waiting. The vehicle alerts are named only
 * when some are unread, so without them the name stays the exceptions' of spec 000.
 */
function bellLabel(exceptions: number | undefined, alerts: number | undefined, alertsName: string): string {
  const named =
    exceptions === undefined
      ? 'Exceptions'
      : exceptions === 0
        ? 'Exceptions, none unread'
        : `Exceptions, ${exceptions} unread`;
  return alerts ? `${named}; ${alertsName}, ${alerts} unread` : named;
}

/**
 * The top bar's notification bell (spec 000 §2, §4): the not-seen count of exceptions and vehicle
 * alerts, and the newest not-seen ones in a popover. Tenant admins only: the super admin has no
 * tenant and polls neither (spec 000 §6).
 */
export function ExceptionsBell() {
  const session = useSession();
  if (!session || isSuperAdmin(session)) return null;
  return <TenantExceptionsBell />;
}

function TenantExceptionsBell() {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const terms = useTerms();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so closing it animates like any popover.
  const [opened, setOpened] = useState(false);
  const popoverId = useId();
  // Polled every 10 s (and refreshed by exception events); a failed poll is silent (spec 000 §8): the
  // last count stays until the next answer.
  const { data } = useQuery({ ...notSeenExceptionsQuery(), refetchInterval: EXCEPTIONS_REFRESH_MS });
  const markSeen = useMarkExceptionSeen();
  const markAllSeen = useMarkAllExceptionsSeen();
  const unread = data?.pagination.total;
  const latest = data?.data ?? [];
  // Polled and quiet the same way.
  const { data: alerts } = useQuery({ ...vehicleAlertsQuery(), refetchInterval: EXCEPTIONS_REFRESH_MS });
  const markAlertSeen = useMarkVehicleAlertSeen();
  const markAllAlertsSeen = useMarkAllVehicleAlertsSeen();
  const alertsUnread = alerts?.not_seen;
  const alertsName = `${terms.bus.toLowerCase()} alerts`;
  const close = () => setAnchor(null);

  // Marks it seen, and opens the Exceptions page with its row highlighted (spec 000 §4).
  const openException = (exception: TException) => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.openedExceptionId, String(exception.id));
    markSeen.mutate(exception.id, {
      onError: () => snackbar.show('The exception could not be marked as seen.', 'error'),
    });
    close();
    void navigate(paths.exceptions.getHref());
  };

  const markAll = () => {
    markAllSeen.mutate(undefined, {
      onError: () => snackbar.show('The exceptions could not be marked as read.', 'error'),
    });
    close();
  };

  // Marks it seen, and opens the vehicle risk page with the vehicle's probability and due date first.
  const openVehicleAlert = (alert: TVehicleAlert) => {
    markAlertSeen.mutate(alert.id, {
      onError: () => snackbar.show('The alert could not be marked as seen.', 'error'),
    });
    close();
    void navigate(`${paths.vehiclesAnalytics.getHref()}?vehicle=${alert.vehicle_id}`);
  };

  const markAllVehicleAlerts = () => {
    markAllAlertsSeen.mutate(undefined, {
      onError: () => snackbar.show('The alerts could not be marked as read.', 'error'),
    });
    close();
  };

  return (
    <>
      <IconButton
        aria-label={bellLabel(unread, alertsUnread, alertsName)}
        aria-haspopup="dialog"
        aria-controls={anchor ? popoverId : undefined}
        aria-expanded={anchor ? true : undefined}
        // The list's code is fetched as the pointer or focus arrives, before the click.
        onPointerEnter={() => void loadPopover()}
        onFocus={() => void loadPopover()}
        onClick={(event: MouseEvent<HTMLElement>) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        sx={{ mr: { xs: 0.5, sm: 1 } }}
      >
        <Badge badgeContent={(unread ?? 0) + (alertsUnread ?? 0)} max={99} color="error">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {opened && (
        <Suspense fallback={null}>
          <ExceptionsPopover
            id={popoverId}
            anchor={anchor}
            unread={unread}
            latest={latest}
            onClose={close}
            openException={openException}
            markAll={markAll}
            // Until the alerts answer (or when they cannot be fetched) their section is left out.
            vehicleAlerts={
              alerts && { unread: alerts.not_seen, latest: alerts.data.filter((alert) => !alert.seen) }
            }
            openVehicleAlert={openVehicleAlert}
            markAllVehicleAlerts={markAllVehicleAlerts}
          />
        </Suspense>
      )}
    </>
  );
}
