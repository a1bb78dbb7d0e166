import { useMemo, useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SendOutlined from '@mui/icons-material/SendOutlined';
import {
  MESSAGES,
  NOTIFICATION_ALL_DRIVERS,
  NOTIFICATION_AUDIO_MAX_BYTES,
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_DEFAULT_LANGUAGE,
  NOTIFICATION_TITLE_MAX,
  ZSendNotification,
  type TNotificationSent,
  type TDriverRow,
} from '@fleet/contract';
import { FormIdSelect, type IdOption } from '../../components/form-id-select';
import { FormTextField } from '../../components/form-text-field';
import { ApiError } from '../../lib/api/client';
import { driverOptionsQuery } from '../../lib/api/drivers';
import { languagesQuery } from '../../lib/api/languages';
import { useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';
import { useSendNotification, useSendVoiceNotification } from './api/notifications';
import { blobToDataUrl, useVoiceRecorder } from './use-voice-recorder';
import { VoiceRecorder } from './voice-recorder';

const m = MESSAGES.notifications;
const required = m.required;
/** The driver list shows this many matches at a time; typing narrows a long list. */
const DRIVERS_SHOWN = 50;
export const RECORDING_REQUIRED = 'Record a voice message first.';

/** What the form holds: the body is only read for a text message, the recording lives beside it. */
export interface SendForm {
  kind: 'text' | 'voice';
  language: string;
  title: string;
  driver_id: number | null;
  body: string;
}

const common = {
  language: z.string().min(1, required),
  title: ZSendNotification.shape.title,
  driver_id: z.number({ error: required }).int(required),
};
const ZTextForm = z.object({ kind: z.literal('text'), ...common, body: ZSendNotification.shape.body });
const ZVoiceForm = z.object({ kind: z.literal('voice'), ...common, body: z.string() });
type TSendFormOut = z.output<typeof ZTextForm> | z.output<typeof ZVoiceForm>;

// A voice message has no body: each kind is checked by its own schema. The schemas take what the
// form holds (a driver not chosen yet is null and fails as 'Field is required').
type TSendResolver = Resolver<SendForm, unknown, TSendFormOut>;
const textResolver = zodResolver(ZTextForm) as unknown as TSendResolver;
const voiceResolver = zodResolver(ZVoiceForm) as unknown as TSendResolver;
const resolver: TSendResolver = (values, context, options) =>
  (values.kind === 'voice' ? voiceResolver : textResolver)(values, context, options);

interface Outcome {
  severity: AlertColor;
  message: string;
}

const driverLabel = (driver: TDriverRow) => `${driver.fname} ${driver.lname} (${driver.email})`;

/**
 * The Communication Channel's send form (spec 002 §2): Notification Type (Text or Voice), Language
 * (Arabic first), Title, the driver (ALL, id -1, then the tenant's drivers) and the body or a
 * recording. Bad input is shown on its field and nothing is sent; the answer is said under the form.
 */
export function SendNotificationForm({
  preselected,
}: {
  /** A driver chosen by the route (`driver_id`, `driverName`). */
  preselected: { id: number; name: string } | null;
}) {
  const terms = useTerms();
  const session = useSession();
  const tenantId = session?.tenant_id ?? null;
  const drivers = useQuery(driverOptionsQuery());
  const languages = useQuery(languagesQuery());
  const sendText = useSendNotification();
  const sendVoice = useSendVoiceNotification();
  const recorder = useVoiceRecorder();
  const [recordingError, setRecordingError] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);

  const form = useForm<SendForm, unknown, TSendFormOut>({
    resolver,
    defaultValues: {
      kind: 'text',
      language: NOTIFICATION_DEFAULT_LANGUAGE,
      title: '',
      driver_id: preselected?.id ?? null,
      body: '',
    },
  });
  const { control, handleSubmit, watch, resetField, formState } = form;
  const kind = watch('kind');
  const busy = formState.isSubmitting;

  // ALL is offered even while (or when) the drivers cannot be listed.
  const driverOptions = useMemo<IdOption[]>(
    () => [
      { id: NOTIFICATION_ALL_DRIVERS, label: 'ALL' },
      ...(drivers.data ?? []).map((driver) => ({ id: driver.id, label: driverLabel(driver) })),
    ],
    [drivers.data],
  );
  const languageOptions = languages.data ?? [];
  const language = watch('language');
  // The default language is offered even before (or without) the list that names it.
  const languageMissing = !languageOptions.some((l) => l.code === language);

  const failure = (error: unknown): Outcome => {
    if (error instanceof ApiError && error.kind === 'envelope')
      return { severity: 'warning', message: m.noTokens(terms.driver) };
    if (error instanceof ApiError) return { severity: 'error', message: error.responseMessage };
    return { severity: 'error', message: MESSAGES.http.internal };
  };

  const answered = (sent: TNotificationSent, message: string): Outcome[] => [
    { severity: 'success', message },
    ...(sent.push === 'off' ? [{ severity: 'info' as const, message: m.pushOff }] : []),
    ...(sent.voice_processing === 'off'
      ? [{ severity: 'info' as const, message: m.voiceProcessingOff }]
      : []),
  ];

  const submit = handleSubmit(
    async (values) => {
      setOutcomes([]);
      const target = { driver_id: values.driver_id, tenant_id: tenantId, language: values.language };
      if (values.kind === 'text') {
        try {
          const sent = await sendText.mutateAsync({ ...target, title: values.title, body: values.body });
          setOutcomes(answered(sent, m.sent));
          resetField('title');
          resetField('body');
        } catch (error) {
          setOutcomes([failure(error)]);
        }
        return;
      }
      const recording = recorder.recording;
      if (!recording) {
        setRecordingError(RECORDING_REQUIRED);
        return;
      }
      if (recording.blob.size > NOTIFICATION_AUDIO_MAX_BYTES) {
        setRecordingError(m.audioTooLarge(NOTIFICATION_AUDIO_MAX_BYTES / 1024 / 1024));
        return;
      }
      try {
        const audio = await blobToDataUrl(recording.blob);
        const sent = await sendVoice.mutateAsync({ ...target, title: values.title, audio });
        setOutcomes(answered(sent, m.voiceSent));
        resetField('title');
        recorder.clear();
      } catch (error) {
        setOutcomes([failure(error)]);
      }
    },
    () => {
      setOutcomes([]);
      if (kind === 'voice' && !recorder.recording) setRecordingError(RECORDING_REQUIRED);
    },
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Box
        component="form"
        noValidate
        aria-label="Send a notification"
        onSubmit={(event) => void submit(event)}
      >
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
            <Controller
              control={control}
              name="kind"
              render={({ field }) => (
                <FormControl sx={{ flex: 1 }}>
                  <FormLabel id="notification-type-label">Notification Type</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="notification-type-label"
                    name={field.name}
                    value={field.value}
                    onChange={(event) => {
                      field.onChange(event.target.value);
                      setRecordingError(null);
                      setOutcomes([]);
                    }}
                  >
                    <FormControlLabel value="text" control={<Radio />} label="Text" disabled={busy} />
                    <FormControlLabel value="voice" control={<Radio />} label="Voice" disabled={busy} />
                  </RadioGroup>
                </FormControl>
              )}
            />
            <Controller
              control={control}
              name="language"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Language"
                  {...field}
                  sx={{ flex: 1 }}
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error?.message ??
                    (languages.isError ? 'Languages could not be loaded.' : undefined)
                  }
                >
                  {languageMissing && <MenuItem value={language}>{language}</MenuItem>}
                  {languageOptions.map((l) => (
                    <MenuItem key={l.code} value={l.code}>
                      {l.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
            <Box sx={{ flex: 1 }}>
              <FormTextField
                form={form}
                name="title"
                label="Title"
                required
                fullWidth
                slotProps={{ htmlInput: { maxLength: NOTIFICATION_TITLE_MAX } }}
              />
            </Box>
            <Box sx={{ flex: 1 }}>
              <FormIdSelect
                control={control}
                name="driver_id"
                label={terms.driver}
                required
                options={driverOptions}
                loading={drivers.isPending}
                currentLabel={preselected?.name || undefined}
                maxShown={DRIVERS_SHOWN}
                helperText={drivers.isError ? `${terms.driver} list could not be loaded.` : undefined}
              />
            </Box>
          </Stack>
          {kind === 'text' ? (
            <FormTextField
              form={form}
              name="body"
              label="Body"
              required
              multiline
              minRows={4}
              fullWidth
              slotProps={{ htmlInput: { maxLength: NOTIFICATION_BODY_MAX } }}
            />
          ) : (
            <VoiceRecorder
              recorder={recorder}
              // Said until there is a recording to send.
              error={recorder.recording ? null : recordingError}
              disabled={busy}
            />
          )}
          {outcomes.length > 0 && (
            <Stack spacing={1} role="status">
              {outcomes.map((outcome) => (
                <Alert key={outcome.message} severity={outcome.severity}>
                  {outcome.message}
                </Alert>
              ))}
            </Stack>
          )}
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={busy || recorder.state === 'recording'}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <SendOutlined />}
            >
              Send
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
