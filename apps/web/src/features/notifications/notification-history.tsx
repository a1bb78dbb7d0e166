import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import MicOutlined from '@mui/icons-material/MicOutlined';
import NotesOutlined from '@mui/icons-material/NotesOutlined';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import { MESSAGES, type TNotification } from '@fleet/contract';
import { ListView, type ListColumn } from '../../components/list';
import { useSnackbar } from '../../components/snackbar';
import { formatUtc } from '../../lib/dates';
import { languagesQuery } from '../../lib/api/languages';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';
import { notificationHistoryQuery } from './api/notifications';

const m = MESSAGES.notifications;
const isVoice = (n: TNotification) => n.is_text === 0;

/** One audio element for the page: playing one recording stops the other. */
function useRecordingPlayer() {
  const snackbar = useSnackbar();
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (audio.current && !audio.current.paused) audio.current.pause();
    },
    [],
  );

  const toggle = (url: string) => {
    if (audio.current && !audio.current.paused) audio.current.pause();
    if (playing === url) {
      setPlaying(null);
      return;
    }
    const element = new Audio(url);
    element.onended = () => setPlaying((current) => (current === url ? null : current));
    audio.current = element;
    setPlaying(url);
    element.play().catch(() => {
      setPlaying((current) => (current === url ? null : current));
      snackbar.show('The recording could not be played.', 'error');
    });
  };
  return { playing, toggle };
}

function PlayButton({
  label,
  url,
  player,
}: {
  label: string;
  url: string | null;
  player: ReturnType<typeof useRecordingPlayer>;
}) {
  const active = url !== null && player.playing === url;
  const name = active ? `Stop ${label.toLowerCase()}` : label;
  const button = (
    <IconButton
      size="small"
      aria-label={name}
      disabled={!url}
      onClick={() => url && player.toggle(url)}
      color={active ? 'primary' : 'default'}
    >
      {active ? <StopCircleOutlined fontSize="small" /> : <PlayCircleOutlined fontSize="small" />}
    </IconButton>
  );
  // A disabled button gets no pointer events: its tooltip sits on a wrapper.
  return (
    <Tooltip title={url ? name : `${label}: none`}>
      <span>{button}</span>
    </Tooltip>
  );
}

/** What voice processing found, or that it is off. */
function MediaData({ notification }: { notification: TNotification }) {
  const data = notification.media_data;
  if (data === null)
    return isVoice(notification) ? (
      <Typography color="text.secondary">{m.voiceProcessingOff}</Typography>
    ) : null;
  if (typeof data === 'string') return <Typography sx={{ whiteSpace: 'pre-wrap' }}>{data}</Typography>;
  return (
    <Stack spacing={1}>
      <Detail label="Transcribed">{data.transcribed}</Detail>
      <Detail label="Spoken language">{data.language}</Detail>
      <Detail label="Output text">{data.output_text}</Detail>
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

/** The info dialog of a sent notification: its full text, language and what voice processing found. */
function NotificationDialog({
  notification,
  languageName,
  onClose,
}: {
  notification: TNotification | null;
  languageName: (code: string) => string;
  onClose: () => void;
}) {
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const titleId = useId();
  const terms = useTerms();
  const n = notification;
  return (
    <Dialog
      open={n !== null}
      onClose={onClose}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 600, maxWidth: '95vw' } } }}
    >
      <DialogTitle id={titleId}>{n?.title || 'Notification'}</DialogTitle>
      {n && (
        <DialogContent>
          <Stack spacing={2}>
            <Detail label="Type">{isVoice(n) ? 'Voice' : 'Text'}</Detail>
            <Detail label={terms.driver}>
              {n.driver_name ? `${n.driver_name} (${n.driver_email})` : n.driver_email}
            </Detail>
            <Detail label="Language">{languageName(n.language)}</Detail>
            {(!isVoice(n) || n.body) && <Detail label="Body">{n.body}</Detail>}
            <Detail label="Sent">{formatUtc(n.date_created)}</Detail>
            <Detail label="Seen">{n.seen_at ? formatUtc(n.seen_at) : 'Not seen yet'}</Detail>
            <Detail label="Approved">{n.feedback ? 'Yes' : 'No'}</Detail>
            {(isVoice(n) || n.media_data !== null) && (
              <Box>
                <Typography variant="caption" color="text.secondary" component="div">
                  Voice processing
                </Typography>
                <MediaData notification={n} />
              </Box>
            )}
          </Stack>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The history of sent notifications (spec 002 §2): title with a text or voice icon, the driver,
 * sent and seen times, the driver's acknowledgement, details, and the recordings to play. Refreshed
 * every 60 s and at once on `notification.*` events.
 */
export function NotificationHistory() {
  const terms = useTerms();
  const session = useSession();
  const tenantId = session?.tenant_id ?? null;
  const languages = useQuery(languagesQuery());
  const player = useRecordingPlayer();
  const [details, setDetails] = useState<TNotification | null>(null);
  const languageName = (code: string) => languages.data?.find((l) => l.code === code)?.name ?? code;

  const columns: ListColumn<TNotification>[] = [
    {
      id: 'title',
      label: 'Title',
      render: (n) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 140 }}>
          {isVoice(n) ? (
            <MicOutlined fontSize="small" color="action" titleAccess="Voice" />
          ) : (
            <NotesOutlined fontSize="small" color="action" titleAccess="Text" />
          )}
          <span>{n.title}</span>
        </Stack>
      ),
    },
    {
      id: 'driver',
      label: terms.driver,
      render: (n) => (
        <Box>
          <Box sx={{ minWidth: 200, overflowWrap: 'anywhere' }}>{n.driver_email}</Box>
          {n.driver_name && (
            <Typography variant="caption" color="text.secondary">
              {n.driver_name}
            </Typography>
          )}
        </Box>
      ),
    },
    { id: 'sent', label: 'Sent', nowrap: true, render: (n) => formatUtc(n.date_created) },
    {
      id: 'seen',
      label: 'Seen',
      nowrap: true,
      render: (n) =>
        n.seen_at ? (
          formatUtc(n.seen_at)
        ) : (
          <Typography variant="body2" color="text.secondary" component="span">
            Not seen
          </Typography>
        ),
    },
    {
      id: 'approved',
      label: 'Approved',
      align: 'center',
      render: (n) =>
        n.feedback ? (
          <CheckCircleOutlined fontSize="small" color="success" titleAccess="Approved" />
        ) : (
          <Typography variant="body2" color="text.secondary" component="span">
            No
          </Typography>
        ),
    },
    {
      id: 'audio',
      label: 'Recordings',
      nowrap: true,
      render: (n) => (
        <Stack direction="row">
          <PlayButton label="Play original" url={n.media_original} player={player} />
          <PlayButton label="Play processed" url={n.media_processed} player={player} />
        </Stack>
      ),
    },
  ];

  return (
    <Paper variant="outlined" component="section" aria-labelledby="notification-history-title">
      <Typography id="notification-history-title" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        Sent notifications
      </Typography>
      <ListView
        label="Sent notifications"
        query={({ page, pageSize }) => notificationHistoryQuery(tenantId, page, pageSize)}
        serverPage={(data) => ({ rows: data.notifications, total: data.total })}
        columns={columns}
        rowName={(n) => `notification ${n.title}`}
        rowActions={[
          {
            id: 'info',
            label: (n) => `Details of notification ${n.title}`,
            icon: <InfoOutlined fontSize="small" />,
            onClick: setDetails,
          },
        ]}
        emptyText="No notifications sent yet."
        errorText={(message) => `Error on loading: ${message}`}
      />
      <NotificationDialog
        notification={details}
        languageName={languageName}
        onClose={() => setDetails(null)}
      />
    </Paper>
  );
}
