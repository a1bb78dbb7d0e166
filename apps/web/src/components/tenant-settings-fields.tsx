import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';
import { FINANCE_RUN_HOUR } from '@fleet/contract';
import type { TTenantSettingsForm } from '../lib/tenant-settings';
import { useUnitOptions, withCurrent, type TUnitOption } from '../lib/unit-options';
import { PlacePicker } from './place-picker';

/*
 * Fields of a tenant's settings, shared by the Settings page and the super admin's tenant dialog.
 * They read the surrounding react-hook-form through its context (a FormProvider over a form whose
 * values include TTenantSettingsForm).
 */

type UnitKey = 'space_unit' | 'liquid_unit' | 'currency';
export type TermKey = 'driver_term' | 'trip_term' | 'destination_term' | 'warehouse_term' | 'bus_term';

function UnitSelect({ name, label, options }: { name: UnitKey; label: string; options: TUnitOption[] }) {
  const { control } = useFormContext<TTenantSettingsForm>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          {...field}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          fullWidth
        >
          {withCurrent(options, field.value).map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** Every IANA time zone this browser knows, for the time zone field. */
const TIME_ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');

/** The tenant's time zone: the wall clock of its trip reports and of schedules made through the API. */
function TimeZoneField() {
  const { control } = useFormContext<TTenantSettingsForm>();
  return (
    <Controller
      control={control}
      name="time_zone"
      render={({ field, fieldState }) => (
        <Autocomplete
          options={TIME_ZONES}
          value={field.value || null}
          onChange={(_event, zone) => field.onChange(zone ?? '')}
          onBlur={field.onBlur}
          autoHighlight
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label="Time zone"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? 'Times in trip reports are written in this zone'}
            />
          )}
        />
      )}
    />
  );
}

/**
 * Distance unit, volume unit and currency, from the server lists (the spec's fallbacks when they
 * fail), and the time zone.
 */
export function UnitFields() {
  const { currencies, spaceUnits, volumeUnits } = useUnitOptions();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
      <UnitSelect name="space_unit" label="Distance unit" options={spaceUnits} />
      <UnitSelect name="liquid_unit" label="Volume unit" options={volumeUnits} />
      <UnitSelect name="currency" label="Currency" options={currencies} />
      <TimeZoneField />
    </Box>
  );
}

/** The map location: name, latitude and longitude (keys location, lat, lon). */
export function LocationField({ mapHeight }: { mapHeight?: number }) {
  const { control } = useFormContext<TTenantSettingsForm>();
  return (
    <Controller
      control={control}
      name="place"
      render={({ field, fieldState }) => (
        <PlacePicker
          label="Map location"
          value={field.value}
          onChange={field.onChange}
          error={fieldState.error?.message ?? fieldState.error?.root?.message}
          mapHeight={mapHeight}
        />
      )}
    />
  );
}

/** Text fields of the given terms, one per key, with the given labels. */
export function TermFields({ fields }: { fields: { name: TermKey; label: string; helper?: string }[] }) {
  const { register, formState } = useFormContext<TTenantSettingsForm>();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      {fields.map(({ name, label, helper }) => {
        const error = formState.errors[name]?.message;
        return (
          <TextField
            key={name}
            label={label}
            {...register(name)}
            error={Boolean(error)}
            helperText={error ?? helper ?? ' '}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 49 } }}
          />
        );
      })}
    </Box>
  );
}

/**
 * The finance address: the finance summaries' To (`settings/finance-email`), and whether last
 * month's all-drivers summary goes there by itself on the 1st, as a PDF or an Excel workbook.
 */
export function FinanceFields() {
  const { register, control, formState, watch } = useFormContext<TTenantSettingsForm>();
  const error = formState.errors.finance_email?.message;
  const monthly = watch('finance_monthly_send');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
      <TextField
        label="Finance e-mail"
        type="email"
        {...register('finance_email')}
        error={Boolean(error)}
        helperText={error ?? 'Finance summaries are sent here unless another address is typed'}
        fullWidth
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
        <Controller
          control={control}
          name="finance_monthly_send"
          render={({ field }) => (
            <FormControlLabel
              sx={{ flex: '1 1 220px', mr: 0 }}
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  name={field.name}
                  inputRef={field.ref}
                />
              }
              label={
                <span>
                  E-mail last month&apos;s finance summary on the 1st
                  <Typography
                    component="span"
                    variant="body2"
                    color="text.secondary"
                    sx={{ display: 'block' }}
                  >
                    To the finance e-mail, from {String(FINANCE_RUN_HOUR).padStart(2, '0')}:00 (tenant time)
                  </Typography>
                </span>
              }
            />
          )}
        />
        <Controller
          control={control}
          name="finance_monthly_type"
          render={({ field }) => (
            <TextField select label="File format" {...field} disabled={!monthly} sx={{ flex: '0 1 160px' }}>
              <MenuItem value="1">PDF</MenuItem>
              <MenuItem value="2">Excel</MenuItem>
            </TextField>
          )}
        />
      </Box>
    </Box>
  );
}
