import { useId } from 'react';
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
import type { TException } from '@fleet/contract';
import {
  exceptionDriverName,
  exceptionOrigin,
  exceptionTime,
  exceptionTypeLabel,
} from '../../lib/api/exceptions';
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
}

/** The bell's list of the newest unread exceptions: loaded the first time it opens. */
export default function ExceptionsPopover({
  id: popoverId,
  anchor,
  unread,
  latest,
  onClose: close,
  openException,
  markAll,
}: ExceptionsPopoverProps) {
  const terms = useTerms();
  const titleId = useId();
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
        <List dense disablePadding aria-label="New exceptions" sx={{ maxHeight: '60vh', overflowY: 'auto' }}>
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
  );
}
