import { Controller } from 'react-hook-form';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  PET_SPECIES,
  PET_SPECIES_LABEL,
  ZPetInput,
  type TPetRow,
  type TPetSpecies,
  type TPetValues,
} from '@fleet/contract';
import { FormTextField } from '../../components/form-text-field';
import { useTerms } from '../../lib/terms';
import { useAddPet, useSavePet } from './api/records';
import { RecordDialog, type RecordDialogState } from './record-dialog';
import { crmFormSchema, numberText } from './crm-form';
import { weightUnit } from './crm-units';
import { CustomerPicker } from './customer-picker';

interface PetForm {
  customer_id: number | null;
  name: string;
  species: TPetSpecies;
  breed: string;
  /** `YYYY-MM-DD`, or '' for unknown. */
  birth_date: string;
  /** As typed, in the tenant's weight unit. */
  weight: string;
  special_needs: string;
}

const SCHEMA = crmFormSchema<PetForm, typeof ZPetInput>(ZPetInput);

/** Add/Edit a pet: its owner, name, species, breed, birth date, weight and special needs. */
export function PetDialog({ open, row: pet, customer, onClose }: RecordDialogState<TPetRow>) {
  const terms = useTerms();
  const add = useAddPet();
  const save = useSavePet();
  const owner = pet?.customer ?? customer;
  const defaultValues: PetForm = {
    customer_id: owner?.id ?? null,
    name: pet?.name ?? '',
    species: pet?.species ?? 'dog',
    breed: pet?.breed ?? '',
    birth_date: pet?.birth_date ?? '',
    weight: numberText(pet?.weight),
    special_needs: pet?.special_needs ?? '',
  };
  return (
    <RecordDialog<PetForm, TPetValues, TPetRow>
      noun="Pet"
      open={open}
      row={pet}
      schema={SCHEMA}
      defaultValues={defaultValues}
      onClose={onClose}
      add={add.mutateAsync}
      save={save.mutateAsync}
    >
      {(form) => (
        <>
          <CustomerPicker
            control={form.control}
            name="customer_id"
            label="Owner"
            current={owner}
            disabled={!!customer}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField form={form} name="name" label="Name" required autoFocus />
            <Controller
              control={form.control}
              name="species"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  select
                  label="Species"
                  required
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  {PET_SPECIES.map((species) => (
                    <MenuItem key={species} value={species}>
                      {PET_SPECIES_LABEL[species]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <FormTextField form={form} name="breed" label="Breed" />
            <FormTextField
              form={form}
              name="birth_date"
              label="Birth date"
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField
              form={form}
              name="weight"
              label={`Weight (${weightUnit(terms)})`}
              slotProps={{
                htmlInput: { inputMode: 'decimal' },
                input: { endAdornment: <InputAdornment position="end">{weightUnit(terms)}</InputAdornment> },
              }}
            />
          </Box>
          <FormTextField form={form} name="special_needs" label="Special needs" multiline minRows={2} />
        </>
      )}
    </RecordDialog>
  );
}
