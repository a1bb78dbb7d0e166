import { useQuery } from '@tanstack/react-query';
import { Controller, get, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import {
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  STUDENT_GUARDIANS_MAX,
  type TGuardian,
  type TStudentInput,
} from '@fleet/contract';
import { FormTextField } from '../../components/form-text-field';
import { guardianOptionsQuery } from './api/guardians';
import { newGuardianForm, type TStudentForm } from './student-form';

type TForm = UseFormReturn<TStudentForm, unknown, TStudentInput>;

/** Two fields a row from tablets up, one on phones. */
export const FIELD_GRID_SX = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  alignItems: 'start',
} as const;

/** Picks one of the tenant's guardians by name or e-mail; one already listed cannot be picked again. */
function ExistingGuardianPicker({ form, index, taken }: { form: TForm; index: number; taken: number[] }) {
  const guardians = useQuery(guardianOptionsQuery());
  return (
    <Controller
      control={form.control}
      name={`guardians.${index}.id`}
      render={({ field, fieldState }) => {
        const options = guardians.data ?? [];
        const selected = options.find((g) => g.id === field.value) ?? null;
        return (
          <Autocomplete<TGuardian>
            options={options}
            value={selected}
            onChange={(_event, next) => field.onChange(next?.id ?? null)}
            onBlur={field.onBlur}
            loading={guardians.isPending}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            getOptionLabel={(g) => `${g.full_name} (${g.email})`}
            getOptionDisabled={(g) => taken.includes(g.id) && g.id !== field.value}
            sx={{ gridColumn: '1 / -1' }}
            renderInput={(params) => (
              <TextField
                {...params}
                inputRef={field.ref}
                label="Guardian"
                required
                error={Boolean(fieldState.error) || guardians.isError}
                helperText={
                  fieldState.error?.message ??
                  (guardians.isError
                    ? `Guardians could not be loaded: ${guardians.error.message}`
                    : undefined)
                }
              />
            )}
          />
        );
      }}
    />
  );
}

/** A guardian shown in info mode: names and e-mail, nothing to change. */
function GuardianReadOnly({ form, index }: { form: TForm; index: number }) {
  const guardian = form.getValues(`guardians.${index}`);
  return (
    <Box sx={FIELD_GRID_SX}>
      <TextField label="First name" value={guardian.fname} disabled />
      <TextField label="Last name" value={guardian.lname} disabled />
      <TextField label="Email" value={guardian.email} disabled sx={{ gridColumn: '1 / -1' }} />
    </Box>
  );
}

/**
 * The student's guardians (spec 001 "Students"): each is a new account (first name, last name,
 * e-mail, password) or one of the tenant's guardians; Add guardian and Remove guardian change the list.
 * Read-only in info mode.
 */
export function GuardianFields({ form, readOnly }: { form: TForm; readOnly: boolean }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'guardians' });
  const guardians = useWatch({ control: form.control, name: 'guardians' }) ?? [];
  const picked = guardians.flatMap((g) => (g.kind === 'existing' && g.id !== null ? [g.id] : []));
  const invalid = Boolean(get(form.formState.errors, 'guardians'));

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        Guardians
      </Typography>
      {invalid && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {MESSAGES.students.guardiansInvalid}
        </Alert>
      )}
      <Stack spacing={2}>
        {fields.length === 0 && (
          <Typography color="text.secondary">{readOnly ? 'No guardians.' : 'No guardians yet.'}</Typography>
        )}
        {fields.map((item, index) => {
          const kind = guardians[index]?.kind ?? item.kind;
          const label = `Guardian ${index + 1}`;
          return (
            <Box
              key={item.id}
              role="group"
              aria-label={label}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }}
            >
              <Stack
                direction="row"
                spacing={1}
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}
              >
                <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
                  {label}
                </Typography>
                {!readOnly && (
                  <>
                    <ToggleButtonGroup
                      size="small"
                      exclusive
                      value={kind}
                      aria-label={`${label}: new or existing`}
                      onChange={(_event, next: 'new' | 'existing' | null) => {
                        if (!next) return;
                        form.setValue(`guardians.${index}.kind`, next);
                        form.clearErrors(`guardians.${index}`);
                      }}
                    >
                      <ToggleButton value="new">New</ToggleButton>
                      <ToggleButton value="existing">Existing</ToggleButton>
                    </ToggleButtonGroup>
                    <Button
                      color="error"
                      startIcon={<PersonRemoveOutlined />}
                      aria-label={`Remove guardian ${index + 1}`}
                      onClick={() => remove(index)}
                    >
                      Remove guardian
                    </Button>
                  </>
                )}
              </Stack>
              {readOnly ? (
                <GuardianReadOnly form={form} index={index} />
              ) : kind === 'existing' ? (
                <Box sx={FIELD_GRID_SX}>
                  <ExistingGuardianPicker form={form} index={index} taken={picked} />
                </Box>
              ) : (
                <Box sx={FIELD_GRID_SX}>
                  <FormTextField form={form} name={`guardians.${index}.fname`} label="First name" required />
                  <FormTextField form={form} name={`guardians.${index}.lname`} label="Last name" required />
                  <FormTextField
                    form={form}
                    name={`guardians.${index}.email`}
                    label="Email"
                    type="email"
                    autoComplete="off"
                    required
                  />
                  <FormTextField
                    form={form}
                    name={`guardians.${index}.password`}
                    label="Password"
                    password
                    autoComplete="new-password"
                    helperText={MESSAGES.password.hint(PASSWORD_MIN_LENGTH)}
                    required
                  />
                </Box>
              )}
            </Box>
          );
        })}
      </Stack>
      {!readOnly && (
        <Button
          sx={{ mt: 2 }}
          startIcon={<PersonAddOutlined />}
          disabled={fields.length >= STUDENT_GUARDIANS_MAX}
          onClick={() => append(newGuardianForm())}
        >
          Add guardian
        </Button>
      )}
    </Box>
  );
}
