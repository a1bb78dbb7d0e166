import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QRCodeSVG } from 'qrcode.react';
import {
  pluralize,
  TRACKER_MESSAGES,
  trackerIdProblem,
  type TDriverRow,
  type TTrackerSetup,
} from '@fleet/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useSnackbar } from '../../components/snackbar';
import { ApiError } from '../../lib/api/client';
import { MOBILE_MEDIA_QUERY } from '../../lib/layout';
import { isSuperAdmin, useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';
import {
  trackerSettings,
  useRemoveTracker,
  useSetUpTracker,
  useTrackerTripsWhileSignedIn,
  type TTrackerSettings,
} from './api/trackers';

/*
 * A driver's tracker (docs/decisions/0023): a phone running Traccar Client, OsmAnd or OwnTracks
 * reports the driver's positions with a Tracker ID the server makes. The id is shown once, right
 * after it is made, with a QR code and the settings to type for each app; the server keeps only a
 * digest, so closing the dialog hides it for good (regenerating makes a new one).
 */

export const TRACKER_TEXT = {
  none: 'No tracker is set up for this driver.',
  issued: 'A tracker is set up. Its Tracker ID was shown once, when it was made.',
  custom: 'A tracker is set up with a custom Tracker ID.',
  intro:
    "Traccar Client, OsmAnd or OwnTracks on a phone in the vehicle can report this driver's positions. " +
    'Make a Tracker ID, then set the phone up with it while this dialog shows it.',
  shownOnce:
    'Set the phone up now: this Tracker ID is shown only this once, and only its digest is kept. ' +
    'Lost it? Regenerate it and set the phone up again.',
  regenerateQuestion:
    'Make a new Tracker ID? The phone set up with the current one stops reporting until it is set up with the new one.',
  removeQuestion: "Remove this driver's tracker? Its phone stops reporting for the driver at once.",
  tripsWhileSignedIn: (drivers: string) => `Trackers run trips of ${drivers} signed in to the driver app`,
  tripsWhileSignedInHelp:
    "For every driver of the organisation. Off, while a driver is signed in to the driver app the app reports and runs the trip, and the tracker's fixes are ignored (shown in the Location tab).",
} as const;

function Setting({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{value}</Typography>
    </Box>
  );
}

function Qr({ value, label }: { value: string; label: string }) {
  return (
    <Box
      role="img"
      aria-label={label}
      sx={{ bgcolor: '#fff', p: 1.5, width: 'fit-content', borderRadius: 1 }}
    >
      <QRCodeSVG value={value} size={196} marginSize={2} />
    </Box>
  );
}

type AppTab = 'traccar' | 'owntracks' | 'osmand';

/** The id just made and what each app needs, to be copied or scanned now. */
function ShownOnce({ setup, settings }: { setup: TTrackerSetup; settings: TTrackerSettings }) {
  const snackbar = useSnackbar();
  const [tab, setTab] = useState<AppTab>('traccar');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(setup.tracker_id);
      snackbar.show('Tracker ID copied.', 'success');
    } catch {
      snackbar.show('Copying failed: select the ID and copy it.', 'error');
    }
  };
  const panel = (qr: ReactNode, rows: [string, string][], note?: ReactNode) => (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ pt: 2 }}>
      {qr}
      <Stack spacing={1.5} sx={{ minWidth: 0 }}>
        {rows.map(([label, value]) => (
          <Setting key={label} label={label} value={value} />
        ))}
        {note}
      </Stack>
    </Stack>
  );
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{TRACKER_TEXT.shownOnce}</Alert>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Setting label="Tracker ID" value={setup.tracker_id} />
        <Button size="small" variant="outlined" onClick={() => void copy()}>
          Copy
        </Button>
      </Stack>
      <Tabs value={tab} onChange={(_e, next: AppTab) => setTab(next)} variant="scrollable">
        <Tab value="traccar" label="Traccar Client" />
        <Tab value="owntracks" label="OwnTracks" />
        <Tab value="osmand" label="OsmAnd" />
      </Tabs>
      {tab === 'traccar' &&
        panel(
          <Qr value={settings.traccar.link} label="QR code for Traccar Client" />,
          [
            ['Server URL', settings.traccar.serverUrl],
            ['Device identifier', settings.traccar.deviceId],
            ['Protocol', 'OsmAnd (the app’s own)'],
          ],
          <Typography variant="body2" color="text.secondary">
            Scan the code from Traccar Client&apos;s settings, or on the phone open{' '}
            <Link href={settings.traccar.link}>this setup link</Link>.
          </Typography>,
        )}
      {tab === 'owntracks' &&
        panel(
          <Qr value={settings.owntracks.link} label="QR code for OwnTracks" />,
          [
            ['Mode', 'HTTP'],
            ['URL', settings.owntracks.url],
            ['Authentication', 'On'],
            ['Username', settings.owntracks.username],
            ['Password', settings.owntracks.password],
          ],
          <Typography variant="body2" color="text.secondary">
            Scan the code with the phone&apos;s camera, or on the phone open{' '}
            <Link href={settings.owntracks.link}>this setup link</Link>.
          </Typography>,
        )}
      {tab === 'osmand' &&
        panel(null, [
          ['Online tracking: web address', settings.osmand.url],
          ['Protocol', 'OsmAnd (HTTP GET)'],
        ])}
    </Stack>
  );
}

export interface TrackerDialogProps {
  /** The driver whose tracker is set up; null closes the dialog. */
  driver: TDriverRow | null;
  onClose: () => void;
}

/** The tracker of a driver: make, regenerate, set a custom or remove its Tracker ID. */
export function TrackerDialog({ driver, onClose }: TrackerDialogProps) {
  const terms = useTerms();
  const session = useSession();
  const snackbar = useSnackbar();
  const fullScreen = useMediaQuery(MOBILE_MEDIA_QUERY);
  const setUp = useSetUpTracker();
  const remove = useRemoveTracker();
  const tenantId = session && !isSuperAdmin(session) ? session.tenant_id : null;
  const rule = useTrackerTripsWhileSignedIn(tenantId);
  // The id made in this dialog, held only while it is open.
  const [shown, setShown] = useState<TTrackerSetup | null>(null);
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'regenerate' | 'remove' | null>(null);
  const [state, setState] = useState(driver?.tracker ?? 'none');
  const [shownFor, setShownFor] = useState<TDriverRow | null>(null);
  if (driver && driver !== shownFor) {
    setShownFor(driver);
    setState(driver.tracker);
  }

  const close = () => {
    setShown(null);
    setCustom('');
    setCustomError(null);
    setShownFor(null);
    onClose();
  };
  const failed = (error: unknown) =>
    error instanceof ApiError && !error.isServerFailure ? error.message : 'The tracker could not be set up.';

  const make = async (trackerId?: string) => {
    if (!driver) return;
    try {
      const setup = await setUp.mutateAsync({ driver_id: driver.id, tracker_id: trackerId });
      setState(setup.state);
      setCustom('');
      if (setup.state === 'issued') setShown(setup);
      snackbar.show(setup.state === 'issued' ? TRACKER_MESSAGES.issued : TRACKER_MESSAGES.set, 'success');
    } catch (error) {
      if (trackerId) setCustomError(failed(error));
      else snackbar.show(failed(error), 'error');
    }
  };
  const setCustomId = () => {
    const id = custom.trim();
    const problem = trackerIdProblem(id);
    setCustomError(problem);
    if (!problem) void make(id);
  };
  const removeIt = async () => {
    if (!driver) return;
    try {
      await remove.mutateAsync(driver.id);
      setState('none');
      setShown(null);
      snackbar.show(TRACKER_MESSAGES.removed, 'success');
    } catch (error) {
      snackbar.show(failed(error), 'error');
    }
  };

  const name = driver ? `${driver.fname} ${driver.lname}` : '';
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const set = state !== 'none';
  return (
    <Dialog
      open={driver !== null}
      onClose={close}
      fullScreen={fullScreen}
      aria-labelledby="tracker-dialog-title"
      slotProps={{ paper: { sx: fullScreen ? {} : { width: 720, maxWidth: '95vw' } } }}
    >
      <DialogTitle id="tracker-dialog-title">{`Tracker of ${name}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {shown ? (
            <ShownOnce setup={shown} settings={trackerSettings(origin, shown.tracker_id, name)} />
          ) : (
            <>
              {state === 'legacy' ? (
                <Alert severity="warning">{TRACKER_MESSAGES.legacy}</Alert>
              ) : (
                <Typography>{TRACKER_TEXT[state]}</Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                {TRACKER_TEXT.intro}
              </Typography>
              <Box>
                <Button
                  variant="contained"
                  loading={setUp.isPending && !custom}
                  onClick={() => (set ? setConfirming('regenerate') : void make())}
                >
                  {set ? 'Regenerate Tracker ID' : 'Make Tracker ID'}
                </Button>
              </Box>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
                <TextField
                  label="Or use your own Tracker ID"
                  value={custom}
                  onChange={(e) => {
                    setCustom(e.target.value);
                    setCustomError(null);
                  }}
                  error={customError !== null}
                  helperText={customError ?? 'At least 20 random letters and digits'}
                  autoComplete="off"
                  fullWidth
                  size="small"
                />
                <Button
                  variant="outlined"
                  onClick={setCustomId}
                  disabled={!custom.trim() || setUp.isPending}
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  Use this ID
                </Button>
              </Stack>
            </>
          )}
          {tenantId !== null && (
            <FormControlLabel
              control={
                <Switch
                  checked={rule.on}
                  disabled={!rule.loaded || rule.saving}
                  onChange={(e) => {
                    rule
                      .set(e.target.checked)
                      .catch((error: unknown) => snackbar.show(failed(error), 'error'));
                  }}
                />
              }
              label={
                <Box>
                  <Typography>
                    {TRACKER_TEXT.tripsWhileSignedIn(pluralize(terms.driver).toLowerCase())}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {TRACKER_TEXT.tripsWhileSignedInHelp}
                  </Typography>
                </Box>
              }
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {set && !shown && (
          <Button color="error" onClick={() => setConfirming('remove')} sx={{ mr: 'auto' }}>
            Remove tracker
          </Button>
        )}
        {shown && (
          <Button onClick={() => setShown(null)} sx={{ mr: 'auto' }}>
            Hide the ID
          </Button>
        )}
        <Button onClick={close}>Close</Button>
      </DialogActions>
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'remove' ? 'Remove tracker' : 'Regenerate Tracker ID'}
        message={confirming === 'remove' ? TRACKER_TEXT.removeQuestion : TRACKER_TEXT.regenerateQuestion}
        confirmLabel={confirming === 'remove' ? 'Remove' : 'Regenerate'}
        onConfirm={async () => {
          await (confirming === 'remove' ? removeIt() : make());
          setConfirming(null);
        }}
        onClose={() => setConfirming(null)}
      />
    </Dialog>
  );
}
