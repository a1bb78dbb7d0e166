import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { MESSAGES, PASSWORD_MIN_LENGTH, ZDriverAdd, ZDriverSave, type TDriverRow } from '@fleet/contract';
import type { z } from 'zod';
import { FormDialog, formSchema } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { VehicleDialog } from '../../components/vehicle-dialog';
import { useSaveDriver } from '../../lib/api/drivers';
import { withStrongPassword } from '../../lib/password-strength';
import { useTerms } from '../../lib/terms';
import { languagesQuery } from '../../lib/api/languages';
import { VehiclePicker, type VehicleOption } from './vehicle-picker';

/** The form's raw values: text fields hold strings until the schema parses them. */
interface DriverForm {
  fname: string;
  lname: string;
  email: string;
  password: string;
  bus_id: number | null;
  hourly_rate: string;
  language: string;
}

const PASSWORD_HINT = MESSAGES.password.hint(PASSWORD_MIN_LENGTH);

// The contract's own schemas read the form: adding needs a password; editing keeps the current one
// when the field is left empty (sent as null).
// A weak password is refused here with the server's reason, before anything is sent.
const ADD_SCHEMA = withStrongPassword(formSchema<DriverForm>()(ZDriverAdd));
const EDIT_SCHEMA = withStrongPassword(formSchema<DriverForm>()(ZDriverSave.omit({ id: true })));
type TDriverValues = z.output<typeof ADD_SCHEMA> | z.output<typeof EDIT_SCHEMA>;

export interface DriverDialogProps {
  open: boolean;
  /** The driver to edit; null adds one. */
  driver: TDriverRow | null;
  onClose: () => void;
}

const toForm = (driver: TDriverRow | null): DriverForm => ({
  fname: driver?.fname ?? '',
  lname: driver?.lname ?? '',
  email: driver?.email ?? '',
  password: '',
  bus_id: driver?.bus_id ?? null,
  hourly_rate: driver ? String(driver.hourly_rate) : '',
  language: driver?.language ?? '',
});

/** Add/Edit driver (spec 000 "Drivers page", §5, §8). */
export function DriverDialog({ open, driver, onClose }: DriverDialogProps) {
  const terms = useTerms();
  const save = useSaveDriver();
  const adding = driver === null;
  const languages = useQuery({ ...languagesQuery(), enabled: open });
  const [vehicle, setVehicle] = useState<VehicleOption | null>(driver?.bus ?? null);
  const [addingVehicle, setAddingVehicle] = useState(false);
  const [shownFor, setShownFor] = useState<TDriverRow | null | undefined>(undefined);

  // The picked vehicle follows the driver being edited each time the dialog opens.
  if (open && shownFor !== driver) {
    setShownFor(driver);
    setVehicle(driver?.bus ?? null);
  }

  return (
    <FormDialog<DriverForm, TDriverValues>
      key={adding ? 'add' : `edit-${driver.id}`}
      open={open}
      title={adding ? `Add ${terms.driver}` : `Update ${terms.driver}`}
      schema={adding ? ADD_SCHEMA : EDIT_SCHEMA}
      defaultValues={toForm(driver)}
      onClose={() => {
        setShownFor(undefined);
        onClose();
      }}
      onSubmit={(values) =>
        save.mutateAsync(
          // Adding, the password is never null: the add schema requires one.
          adding ? { ...values, password: values.password ?? '' } : { ...values, id: driver.id },
        )
      }
      successMessage={`${terms.driver} ${adding ? 'added' : 'updated'} successfully.`}
      failureMessage={`Failed to ${adding ? 'add' : 'update'} ${terms.driver}.`}
    >
      {(form) => (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField form={form} name="fname" label="First name" required fullWidth autoFocus />
            <FormTextField form={form} name="lname" label="Last name" required fullWidth />
          </Stack>
          <FormTextField form={form} name="email" label="E-mail" required type="email" autoComplete="off" />
          <FormTextField
            form={form}
            name="password"
            password
            label="Password"
            required={adding}
            autoComplete="new-password"
            helperText={adding ? PASSWORD_HINT : 'Leave empty to keep the current password'}
          />
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <Box sx={{ flexGrow: 1 }}>
              <Controller
                control={form.control}
                name="bus_id"
                render={({ fieldState }) => (
                  <VehiclePicker
                    label={terms.bus}
                    value={vehicle}
                    error={fieldState.error?.message}
                    onChange={(next) => {
                      setVehicle(next);
                      form.setValue('bus_id', next?.id ?? null);
                    }}
                  />
                )}
              />
            </Box>
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={() => setAddingVehicle(true)}
              sx={{ whiteSpace: 'nowrap', height: 56 }}
            >
              Add {terms.bus}
            </Button>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField
              form={form}
              name="hourly_rate"
              label={`Hourly rate (${terms.currency.symbol})`}
              fullWidth
              type="number"
              slotProps={{ htmlInput: { min: 0, step: '0.01' } }}
            />
            <Controller
              control={form.control}
              name="language"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label="Language"
                  fullWidth
                  {...field}
                  value={field.value ?? ''}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  <MenuItem value="">
                    <em>None</em>
                  </MenuItem>
                  {(languages.data ?? []).map((language) => (
                    <MenuItem key={language.id} value={language.code}>
                      {language.name}
                    </MenuItem>
                  ))}
                  {/* Keep a stored code selectable even before the list arrives. */}
                  {field.value && !languages.data?.some((l) => l.code === field.value) && (
                    <MenuItem value={field.value}>{field.value}</MenuItem>
                  )}
                </TextField>
              )}
            />
          </Stack>
          <VehicleDialog
            open={addingVehicle}
            vehicle={null}
            onClose={() => setAddingVehicle(false)}
            onSaved={(row) => {
              setVehicle(row);
              form.setValue('bus_id', row.id, { shouldDirty: true });
            }}
          />
        </>
      )}
    </FormDialog>
  );
}
