import { useId, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/NotificationsOutlined';
import { EXCEPTIONS_REFRESH_MS, type TException } from '@fleet/contract';
import { useSnackbar } from '../../components/snackbar';
import { SESSION_STORAGE_KEYS } from '../../lib/storage-keys';
import {
  exceptionDriverName,
  exceptionOrigin,
  exceptionTime,
  exceptionTypeLabel,
  notSeenExceptionsQuery,
  useMarkAllExceptionsSeen,
  useMarkExceptionSeen,
} from '../../lib/api/exceptions';
import { paths } from '../../lib/paths';
import { isSuperAdmin, useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';

/** The bell's accessible name: what it is and how many are waiting. */
function bellLabel(unread: number | undefined): string {
  if (unread === undefined) return 'Exceptions';
  return unread === 0 ? 'Exceptions, none unread' : `Exceptions, ${unread} unread`;
}

/**
 * The top bar's notification bell (spec 000 §2, §4): the not-seen count, and the newest not-seen
 * exceptions in a popover. Tenant admins only: the super admin has no tenant and does not poll
 * exceptions (spec 000 §6).
 */
export function ExceptionsBell() {
  const session = useSession();
  if (!session || isSuperAdmin(session)) return null;
  return <TenantExceptionsBell />;
}

function TenantExceptionsBell() {
  const terms = useTerms();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const titleId = useId();
  // Polled every 10 s (and refreshed by exception events); a failed poll is silent (spec 000 §8): the
  // last count stays until the next answer.
  const { data } = useQuery({ ...notSeenExceptionsQuery(), refetchInterval: EXCEPTIONS_REFRESH_MS });
  const markSeen = useMarkExceptionSeen();
  const markAllSeen = useMarkAllExceptionsSeen();
  const unread = data?.pagination.total;
  const latest = data?.data ?? [];
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

  return (
    <>
      <IconButton
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-controls={anchor ? popoverId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        sx={{ mr: { xs: 0.5, sm: 1 } }}
      >
        <Badge badgeContent={unread ?? 0} max={99} color="error">
          <NotificationsIcon />
        </Badge>
      </IconButton>
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
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Exceptions
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {unread ? `${unread} unread` : 'All read'}
            </Typography>
          </Box>
          <Button size="small" onClick={markAll} disabled={!unread}>
            Mark all as read
          </Button>
        </Stack>
        <Divider />
        {latest.length === 0 ? (
          <Typography sx={{ px: 2, py: 3, textAlign: 'center' }} color="text.secondary">
            No new exceptions
          </Typography>
        ) : (
          <List
            dense
            disablePadding
            aria-label="New exceptions"
            sx={{ maxHeight: '60vh', overflowY: 'auto' }}
          >
            {latest.map((exception) => (
              <ListItem key={exception.id} disablePadding divider>
                <ListItemButton onClick={() => openException(exception)} sx={{ alignItems: 'flex-start' }}>
                  <ListItemText
                    primary={exceptionTypeLabel(exception.type)}
                    secondary={
                      <>
                        <Box component="span" sx={{ display: 'block' }}>
                          {exceptionDriverName(exception, terms)} · {exceptionOrigin(exception, terms)}
                        </Box>
                        <Box component="span" sx={{ display: 'block' }}>
                          {exceptionTime(exception)}
                        </Box>
                      </>
                    }
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        <Divider />
        <Box sx={{ p: 1 }}>
          <Button component={RouterLink} to={paths.exceptions.getHref()} onClick={close} fullWidth>
            View all exceptions
          </Button>
        </Box>
      </Popover>
    </>
  );
}
