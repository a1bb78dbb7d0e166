import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import { ZItemInput, type TItemRow, type TItemValues } from '@fleet/contract';
import { FormTextField } from '../../components/form-text-field';
import { useTerms } from '../../lib/terms';
import { useAddItem, useSaveItem } from './api/records';
import { RecordDialog, type RecordDialogState } from './record-dialog';
import { crmFormSchema, numberText } from './crm-form';
import { weightUnit } from './crm-units';

/** The item's fields as typed; numbers stay text until the contract reads them. */
interface ItemForm {
  sku: string;
  name: string;
  unit: string;
  unit_price: string;
  weight: string;
  volume: string;
}

const SCHEMA = crmFormSchema<ItemForm, typeof ZItemInput>(ZItemInput);

const unitAdornment = (unit: string) => ({
  htmlInput: { inputMode: 'decimal' as const },
  input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
});

/** Add/Edit a catalogue item: SKU, name, unit, unit price, and one unit's weight and volume. */
export function ItemDialog({ open, row: item, onClose }: RecordDialogState<TItemRow>) {
  const terms = useTerms();
  const add = useAddItem();
  const save = useSaveItem();
  const defaultValues: ItemForm = {
    sku: item?.sku ?? '',
    name: item?.name ?? '',
    unit: item?.unit ?? '',
    unit_price: item ? item.unit_price.toFixed(2) : '',
    weight: numberText(item?.weight),
    volume: numberText(item?.volume),
  };
  return (
    <RecordDialog<ItemForm, TItemValues, TItemRow>
      noun="Item"
      open={open}
      row={item}
      schema={SCHEMA}
      defaultValues={defaultValues}
      onClose={onClose}
      add={add.mutateAsync}
      save={save.mutateAsync}
    >
      {(form) => (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <FormTextField form={form} name="sku" label="SKU" required autoFocus />
          <FormTextField form={form} name="name" label="Name" required />
          <FormTextField
            form={form}
            name="unit"
            label="Unit"
            placeholder="piece, box, hour, visit"
            required
          />
          <FormTextField
            form={form}
            name="unit_price"
            label="Unit price"
            required
            slotProps={unitAdornment(terms.currency.symbol)}
          />
          <FormTextField
            form={form}
            name="weight"
            label={`Weight (${weightUnit(terms)})`}
            slotProps={unitAdornment(weightUnit(terms))}
          />
          <FormTextField
            form={form}
            name="volume"
            label={`Volume (${terms.liquidUnit.symbol})`}
            slotProps={unitAdornment(terms.liquidUnit.symbol)}
          />
        </Box>
      )}
    </RecordDialog>
  );
}
