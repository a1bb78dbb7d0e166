import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { MESSAGES, type TSettingItem } from '@fleet/contract';
import { PageSpinner } from '../../components/page-spinner';
import { useSnackbar } from '../../components/snackbar';
import { INVALID_PLACE } from '../../components/place-picker';
import {
  FinanceFields,
  LocationField,
  TermFields,
  UnitFields,
} from '../../components/tenant-settings-fields';
import { ApiError } from '../../lib/api/client';
import { reloadPage } from '../../lib/reload';
import { isSuperAdmin, useSession } from '../../lib/session';
import { defaultSettingsQuery, tenantSettingsQuery, useSaveTenantSettings } from '../../lib/api/settings';
import {
  ZSettingsPageForm,
  formToSettings,
  settingsToForm,
  type TTenantSettingsForm,
} from '../../lib/tenant-settings';

export const SETTINGS_TEXT = {
  updated: MESSAGES.settings.updated,
  updateFailed: 'Failed to update settings',
  updateError: 'An error occurred while updating settings',
  fetchFailed: 'Failed to fetch settings',
  fetchError: 'Error fetching settings',
  reset: 'Settings have been reset.',
} as const;

/** Lets the success message show before the reload (spec 002 §2: saving reloads the page). */
export const RELOAD_DELAY_MS = 800;

const TERM_FIELDS = [
  { name: 'driver_term', label: 'Driver term', helper: 'Who does the work: Driver, Staff, Courier…' },
  { name: 'trip_term', label: 'Trip term', helper: 'What is tracked: Trip, Task, Delivery…' },
  { name: 'destination_term', label: 'Destination term', helper: 'Where the work ends: Destination, Site…' },
  { name: 'warehouse_term', label: 'Warehouse term', helper: 'Where the work starts: Origin, Warehouse…' },
  { name: 'bus_term', label: 'Vehicle term', helper: 'What is driven: Vehicle, Bus, Van…' },
] as const;

function saveErrorMessage(error: unknown): string {
  if (error instanceof ApiError && !error.isServerFailure)
    return `${SETTINGS_TEXT.updateFailed}: ${error.message}`;
  return SETTINGS_TEXT.updateError;
}

function SettingsForm({ initial, tenantId }: { initial: TTenantSettingsForm; tenantId: number }) {
  const snackbar = useSnackbar();
  const [tab, setTab] = useState(0);
  const form = useForm<TTenantSettingsForm>({
    resolver: zodResolver(ZSettingsPageForm),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const save = useSaveTenantSettings();
  // A page left before the reload is due must not reload whatever page is shown then.
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);
  const saveForm = (values: TTenantSettingsForm) =>
    save.mutate(
      { settings: formToSettings(values), tenantId },
      {
        onSuccess: () => {
          snackbar.show(SETTINGS_TEXT.updated, 'success');
          reloadTimer.current = setTimeout(reloadPage, RELOAD_DELAY_MS);
        },
        onError: (error) => snackbar.show(saveErrorMessage(error), 'error'),
      },
    );

  const onInvalid = (errors: typeof form.formState.errors) => {
    // Show the tab that holds the first problem.
    const configurationBad = Boolean(
      errors.place ||
      errors.space_unit ||
      errors.liquid_unit ||
      errors.currency ||
      errors.time_zone ||
      errors.finance_email,
    );
    setTab(configurationBad ? 0 : 1);
    snackbar.show(errors.place ? INVALID_PLACE : MESSAGES.formInvalid, 'error');
  };

  return (
    <FormProvider {...form}>
      <Paper
        component="form"
        noValidate
        onSubmit={form.handleSubmit(saveForm, onInvalid)}
        sx={{ borderRadius: '14px', overflow: 'hidden' }}
      >
        <Tabs
          value={tab}
          onChange={(_event, next: number) => setTab(next)}
          variant="fullWidth"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab label="Configuration" id="settings-tab-0" aria-controls="settings-panel-0" />
          <Tab label="Terminology" id="settings-tab-1" aria-controls="settings-panel-1" />
        </Tabs>
        <Box
          role="tabpanel"
          id="settings-panel-0"
          aria-labelledby="settings-tab-0"
          hidden={tab !== 0}
          sx={{ p: { xs: 2, md: 3 } }}
        >
          <Stack spacing={3}>
            <UnitFields />
            <FinanceFields />
            <LocationField mapHeight={320} />
          </Stack>
        </Box>
        <Box
          role="tabpanel"
          id="settings-panel-1"
          aria-labelledby="settings-tab-1"
          hidden={tab !== 1}
          sx={{ p: { xs: 2, md: 3 } }}
        >
          <TermFields fields={[...TERM_FIELDS]} />
        </Box>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ px: { xs: 2, md: 3 }, pb: 3, justifyContent: 'flex-end' }}
        >
          <Button
            variant="outlined"
            onClick={() => {
              form.reset(initial);
              snackbar.show(SETTINGS_TEXT.reset, 'info');
            }}
            disabled={save.isPending}
          >
            Reset Settings
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save Settings
          </Button>
        </Stack>
      </Paper>
    </FormProvider>
  );
}

function fetchErrorMessage(error: unknown): string {
  return error instanceof ApiError && !error.isServerFailure
    ? SETTINGS_TEXT.fetchFailed
    : SETTINGS_TEXT.fetchError;
}

function TenantSettings({ tenantId, tenantType }: { tenantId: number; tenantType: string | null }) {
  // Always read the stored settings afresh: the form must start from what the server holds.
  const settings = useQuery({
    ...tenantSettingsQuery(tenantId),
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  const defaults = useQuery(defaultSettingsQuery());

  if (settings.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
            Retry
          </Button>
        }
      >
        {fetchErrorMessage(settings.error)}
      </Alert>
    );
  if (!settings.isFetchedAfterMount) return <PageSpinner fullScreen={false} label="Loading settings" />;

  const stored: TSettingItem[] = settings.data ?? [];
  const initial = settingsToForm(stored, { defaults: defaults.data, tenantType });
  return <SettingsForm initial={initial} tenantId={tenantId} />;
}

/** Settings at /settings (spec 002 §2): units, map location and the tenant's words. */
export function SettingsPage() {
  const session = useSession();
  const tenantId = session && !isSuperAdmin(session) ? session.tenant_id : null;
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto', px: { xs: 2, sm: 3, md: 4 }, py: { xs: 3, md: 5 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 3 }}>
        <SettingsIcon color="primary" aria-hidden />
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}>
          Settings
        </Typography>
      </Stack>
      {tenantId === null ? (
        <Alert severity="info">
          Settings belong to a tenant. Open a tenant from the Tenants screen to edit its settings.
        </Alert>
      ) : (
        <TenantSettings tenantId={tenantId} tenantType={session?.tenant_type ?? null} />
      )}
    </Box>
  );
}
