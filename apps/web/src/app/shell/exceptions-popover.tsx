import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TException, TVehicleAlert } from '@fleet/contract';
import {
  exceptionDriverName,
  exceptionOrigin,
  exceptionTime,
  exceptionTypeLabel,
} from '../../lib/api/exceptions';
import { vehicleAlertLabel, vehicleAlertTime } from '../../lib/api/vehicle-alerts';
import { paths } from '../../lib/paths';
import { useTerms } from '../../lib/terms';

export interface ExceptionsPopoverProps {
  id: string;
  anchor: HTMLElement | null;
  unread: number | undefined;
  latest: TException[];
  onClose: () => void;
  openException: (exception: TException) => void;
  markAll: () => void;
  /** The not-seen vehicle alerts; undefined until they answer, which leaves their section out. */
  vehicleAlerts: { unread: number; latest: TVehicleAlert[] } | undefined;
  openVehicleAlert: (alert: TVehicleAlert) => void;
  markAllVehicleAlerts: () => void;
}

/** The bell's lists of the newest unread exceptions and vehicle alerts: loaded the first time it opens. */
export default function ExceptionsPopover({
  id: popoverId,
  anchor,
  unread,
  latest,
  onClose: close,
  openException,
  markAll,
  vehicleAlerts,
  openVehicleAlert,
  markAllVehicleAlerts,
}: ExceptionsPopoverProps) {
  const terms = useTerms();
  const titleId = useId();
  const alertsTitleId = useId();
  const alertsName = `${terms.bus} alerts`;
  return (
    <Popover
      id={popoverId}
      open={anchor !== null}
      anchorEl={anchor}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          // Below 1024 px it keeps a margin on each side of the screen.
          sx: { width: 380, maxWidth: 'calc(100vw - 16px)', mt: 1 },
        },
      }}
    >
      <SectionHeader titleId={titleId} title="Exceptions" unread={unread}>
        <Button size="small" onClick={markAll} disabled={!unread}>
          Mark all as read
        </Button>
      </SectionHeader>
      <Divider />
      {latest.length === 0 ? (
        <Typography sx={{ px: 2, py: 3, textAlign: 'center' }} color="text.secondary">
          No new exceptions
        </Typography>
      ) : (
        <List dense disablePadding aria-label="New exceptions" sx={{ maxHeight: '60vh', overflowY: 'auto' }}>
          {latest.map((exception) => (
            <BellItem
              key={exception.id}
              title={exceptionTypeLabel(exception.type)}
              detail={`${exceptionDriverName(exception, terms)} · ${exceptionOrigin(exception, terms)}`}
              time={exceptionTime(exception)}
              onOpen={() => openException(exception)}
            />
          ))}
        </List>
      )}
      <Divider />
      <Box sx={{ p: 1 }}>
        <Button component={RouterLink} to={paths.exceptions.getHref()} onClick={close} fullWidth>
          View all exceptions
        </Button>
      </Box>
      {vehicleAlerts && (
        <Box component="section" aria-labelledby={alertsTitleId}>
          <Divider />
          <SectionHeader titleId={alertsTitleId} title={alertsName} unread={vehicleAlerts.unread}>
            <Button size="small" onClick={markAllVehicleAlerts} disabled={!vehicleAlerts.unread}>
              Mark all alerts as read
            </Button>
          </SectionHeader>
          <Divider />
          {vehicleAlerts.latest.length === 0 ? (
            <Typography sx={{ px: 2, py: 2, textAlign: 'center' }} color="text.secondary">
              No new {alertsName.toLowerCase()}
            </Typography>
          ) : (
            <List
              dense
              disablePadding
              aria-label={`New ${alertsName.toLowerCase()}`}
              sx={{ maxHeight: '30vh', overflowY: 'auto' }}
            >
              {vehicleAlerts.latest.map((alert) => (
                <BellItem
                  key={alert.id}
                  title={vehicleAlertLabel(alert)}
                  detail={alert.message}
                  time={vehicleAlertTime(alert)}
                  onOpen={() => openVehicleAlert(alert)}
                />
              ))}
            </List>
          )}
        </Box>
      )}
    </Popover>
  );
}

/** One unread exception or alert: what it is, a line of detail and when; opening it marks it seen. */
function BellItem({
  title,
  detail,
  time,
  onOpen,
}: {
  title: string;
  detail: string;
  time: string;
  onOpen: () => void;
}) {
  return (
    <ListItem disablePadding divider>
      <ListItemButton onClick={onOpen} sx={{ alignItems: 'flex-start' }}>
        <ListItemText
          primary={title}
          secondary={
            <>
              <Box component="span" sx={{ display: 'block' }}>
                {detail}
              </Box>
              <Box component="span" sx={{ display: 'block' }}>
                {time}
              </Box>
            </>
          }
          slotProps={{ primary: { sx: { fontWeight: 600 } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

/** A section's title, its unread count, and its "mark all" action. */
function SectionHeader({
  titleId,
  title,
  unread,
  children: action,
}: {
  titleId: string;
  title: string;
  unread: number | undefined;
  children: ReactNode;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {unread ? `${unread} unread` : 'All read'}
        </Typography>
      </Box>
      {action}
    </Stack>
  );
}
