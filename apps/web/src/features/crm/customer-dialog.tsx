import { Controller } from 'react-hook-form';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  CRM_TAGS_MAX,
  CUSTOMER_KINDS,
  CUSTOMER_KIND_LABEL,
  ZCustomerInput,
  type TCustomerKind,
  type TCustomerRow,
  type TCustomerValues,
} from '@fleet/contract';
import { FormTextField } from '../../components/form-text-field';
import { useAddCustomer, useSaveCustomer } from './api/records';
import { RecordDialog, type RecordDialogState } from './record-dialog';
import { crmFormSchema } from './crm-form';

interface CustomerForm {
  kind: TCustomerKind;
  name: string;
  phone: string;
  email: string;
  tags: string[];
  notes: string;
}

const SCHEMA = crmFormSchema<CustomerForm, typeof ZCustomerInput>(ZCustomerInput, {
  // A message about one tag belongs to the tags field.
  fieldOf: (path) => (path[0] === 'tags' ? ['tags'] : path),
});

/** Add/Edit a customer: a person or a company, its phone, e-mail, tags and notes. */
export function CustomerDialog({ open, row: customer, onClose }: RecordDialogState<TCustomerRow>) {
  const add = useAddCustomer();
  const save = useSaveCustomer();
  const defaultValues: CustomerForm = {
    kind: customer?.kind ?? 'person',
    name: customer?.name ?? '',
    phone: customer?.phone ?? '',
    email: customer?.email ?? '',
    tags: customer?.tags ?? [],
    notes: customer?.notes ?? '',
  };
  return (
    <RecordDialog<CustomerForm, TCustomerValues, TCustomerRow>
      noun="Customer"
      open={open}
      row={customer}
      schema={SCHEMA}
      defaultValues={defaultValues}
      onClose={onClose}
      add={add.mutateAsync}
      save={save.mutateAsync}
    >
      {(form) => (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' } }}>
            <Controller
              control={form.control}
              name="kind"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  select
                  label="Kind"
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                >
                  {CUSTOMER_KINDS.map((kind) => (
                    <MenuItem key={kind} value={kind}>
                      {CUSTOMER_KIND_LABEL[kind]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <FormTextField form={form} name="name" label="Name" required autoFocus />
            <FormTextField form={form} name="phone" label="Phone" type="tel" />
            <FormTextField form={form} name="email" label="E-mail" type="email" />
          </Box>
          <Controller
            control={form.control}
            name="tags"
            render={({ field, fieldState }) => (
              <Autocomplete<string, true, false, true>
                multiple
                freeSolo
                options={[]}
                value={field.value}
                onChange={(_event, tags) => field.onChange(tags.map((tag) => tag.trim()).filter(Boolean))}
                onBlur={field.onBlur}
                renderValue={(tags, getItemProps) =>
                  tags.map((tag, index) => {
                    const { key, ...itemProps } = getItemProps({ index });
                    return <Chip key={key} size="small" label={tag} {...itemProps} />;
                  })
                }
                renderInput={(params) => (
                  <TextField
                    {...params}
                    inputRef={field.ref}
                    label="Tags"
                    error={Boolean(fieldState.error)}
                    helperText={
                      fieldState.error?.message ?? `Press Enter after each tag (at most ${CRM_TAGS_MAX})`
                    }
                  />
                )}
              />
            )}
          />
          <FormTextField form={form} name="notes" label="Notes" multiline minRows={2} />
        </>
      )}
    </RecordDialog>
  );
}
