import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  CRM_MESSAGES,
  CRM_NOTES_MAX,
  ORDER_LINES_MAX,
  PET_SPECIES_LABEL,
  ZCrmOrderInput,
  type TCrmOrderDetails,
  type TCrmOrderInput,
  type TCrmOrderValues,
} from '@fleet/contract';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { toLocalDayInput } from '../../../lib/dates';
import { useDebounced } from '../../../lib/use-debounced';
import { useTerms } from '../../../lib/terms';
import { addressesQuery, customersQuery, itemsQuery, petsQuery } from '../api/records';
import { useAddCrmOrder, useSaveCrmOrder } from '../api/orders';
import { FormIdSelect, type IdOption } from '../../../components/form-id-select';
import { IdsPicker } from './order-pickers';
import { useTenantTimeZone } from '../../../lib/tenant-time-zone';
import { isEditable, orderAmount } from './order-parts';

/** One line as the form holds it: the item picked (with its price), quantity and price as typed. */
interface TLineForm {
  item_id: number | null;
  /** The item's name and catalogue price, for the picker and the price a line starts from. */
  item_label: string;
  item_price: number | null;
  quantity: string;
  /** '' takes the item's price. */
  unit_price: string;
}

export interface TOrderForm {
  customer_id: number | null;
  address_id: number | null;
  /** `YYYY-MM-DD`. */
  requested_date: string;
  /** `HH:mm` or ''. */
  window_start: string;
  window_end: string;
  lines: TLineForm[];
  pet_ids: number[];
  notes: string;
}

type TOrderFormApi = UseFormReturn<TOrderForm, unknown, TCrmOrderValues>;

// The contract's schema, fed the form's values: the same checks and messages as the server.
const SCHEMA = z
  .custom<TOrderForm>()
  .transform((form): TCrmOrderInput => ({
    customer_id: form.customer_id ?? '',
    address_id: form.address_id ?? '',
    requested_date: form.requested_date,
    window_start: form.window_start,
    window_end: form.window_end,
    lines: form.lines.map((line) => ({
      item_id: line.item_id ?? '',
      quantity: line.quantity,
      unit_price: line.unit_price,
    })),
    pet_ids: form.pet_ids,
    notes: form.notes,
  }))
  .pipe(ZCrmOrderInput);

const PICKER_PAGE = 20;
/** A customer's addresses and pets: all of them, as the API pages them at most. */
const ALL_OF_CUSTOMER = 100;
const SEARCH_PAUSE_MS = 300;

const emptyLine = (): TLineForm => ({
  item_id: null,
  item_label: '',
  item_price: null,
  quantity: '1',
  unit_price: '',
});

/** A line's amount as typed (quantity × its price, or the item's), rounded to cents; null until readable. */
export function lineAmount(line: Pick<TLineForm, 'quantity' | 'unit_price' | 'item_price'>): number | null {
  const quantity = line.quantity.trim() === '' ? Number.NaN : Number(line.quantity);
  const price = line.unit_price.trim() === '' ? (line.item_price ?? Number.NaN) : Number(line.unit_price);
  if (!Number.isFinite(quantity) || !Number.isFinite(price)) return null;
  return Math.round(quantity * price * 100) / 100;
}

function formOf(order: TCrmOrderDetails | null): TOrderForm {
  if (!order)
    return {
      customer_id: null,
      address_id: null,
      requested_date: toLocalDayInput(new Date()),
      window_start: '',
      window_end: '',
      lines: [emptyLine()],
      pet_ids: [],
      notes: '',
    };
  return {
    customer_id: order.customer.id,
    address_id: order.address.id,
    requested_date: order.requested_date,
    window_start: order.window_start ?? '',
    window_end: order.window_end ?? '',
    lines: order.lines.map((line) => ({
      item_id: line.item_id,
      item_label: `${line.sku} · ${line.name}`,
      item_price: line.unit_price,
      quantity: String(line.quantity),
      unit_price: String(line.unit_price),
    })),
    pet_ids: order.pets.map((pet) => pet.id),
    notes: order.notes ?? '',
  };
}

/** Customer (searched on the server), then one of its addresses, and its pets for pet services. */
function CustomerFields({ form, order }: { form: TOrderFormApi; order: TCrmOrderDetails | null }) {
  const [search, setSearch] = useState('');
  const customerSearch = useDebounced(search, SEARCH_PAUSE_MS);
  const customers = useQuery({
    ...customersQuery({ page: 1, pageSize: PICKER_PAGE, search: customerSearch }),
    placeholderData: keepPreviousData,
  });
  const customerId = useWatch({ control: form.control, name: 'customer_id' });
  const addressId = useWatch({ control: form.control, name: 'address_id' });
  const petIds = useWatch({ control: form.control, name: 'pet_ids' });
  const ofCustomer = { page: 1, pageSize: ALL_OF_CUSTOMER, search: '', customerId: customerId ?? 0 };
  const addresses = useQuery({ ...addressesQuery(ofCustomer), enabled: customerId !== null });
  const pets = useQuery({ ...petsQuery(ofCustomer), enabled: customerId !== null });

  const customerOptions = useMemo(
    () => customers.data?.data.map((c) => ({ id: c.id, label: c.name })),
    [customers.data],
  );
  const addressOptions = useMemo(
    () => addresses.data?.data.map((a) => ({ id: a.id, label: `${a.label} — ${a.address}` })),
    [addresses.data],
  );
  const petOptions = useMemo(
    () => pets.data?.data.map((p) => ({ id: p.id, label: `${p.name} (${PET_SPECIES_LABEL[p.species]})` })),
    [pets.data],
  );
  const orderPets = useMemo(
    () => new Map(order?.pets.map((p) => [p.id, `${p.name} (${PET_SPECIES_LABEL[p.species]})`])),
    [order],
  );

  // A customer with one address: that is where the order goes.
  const onlyAddress = addresses.data?.data.length === 1 ? addresses.data.data[0] : undefined;
  useEffect(() => {
    if (onlyAddress && addressId === null) form.setValue('address_id', onlyAddress.id);
  }, [onlyAddress, addressId, form]);

  const sameCustomer = customerId !== null && customerId === order?.customer.id;
  return (
    <>
      <FormIdSelect
        emptyMessage={CRM_MESSAGES.required}
        control={form.control}
        name="customer_id"
        label="Customer"
        required
        options={customerOptions}
        loading={customers.isFetching}
        onSearch={setSearch}
        currentLabel={order?.customer.name}
        onPicked={() => {
          // Another customer's address and pets cannot stay on the order.
          form.setValue('address_id', null);
          form.setValue('pet_ids', []);
        }}
      />
      <FormIdSelect
        emptyMessage={CRM_MESSAGES.required}
        control={form.control}
        name="address_id"
        label="Address"
        required
        options={addressOptions}
        loading={customerId !== null && addresses.isPending}
        disabled={customerId === null}
        currentLabel={sameCustomer ? `${order.address.label} — ${order.address.address}` : undefined}
        helperText={
          customerId === null
            ? 'Choose the customer first'
            : addresses.data?.data.length === 0
              ? 'This customer has no address yet: add one on the Addresses screen'
              : undefined
        }
      />
      {((petOptions && petOptions.length > 0) || petIds.length > 0) && (
        <IdsPicker
          control={form.control}
          name="pet_ids"
          label="Pets"
          options={petOptions}
          loading={pets.isPending}
          currentLabels={orderPets}
          helperText="For pet services: the customer's pets the order is for"
        />
      )}
    </>
  );
}

/** One line: the item (searched in the catalogue), quantity, unit price, its amount, and Remove. */
function LineFields({
  form,
  index,
  onRemove,
  removable,
  symbol,
}: {
  form: TOrderFormApi;
  index: number;
  onRemove: () => void;
  removable: boolean;
  symbol: string;
}) {
  const [search, setSearch] = useState('');
  const itemSearch = useDebounced(search, SEARCH_PAUSE_MS);
  const items = useQuery({
    ...itemsQuery({ page: 1, pageSize: PICKER_PAGE, search: itemSearch }),
    placeholderData: keepPreviousData,
  });
  const options = useMemo(
    () =>
      items.data?.data.map((item) => ({
        id: item.id,
        label: `${item.sku} · ${item.name}`,
        price: item.unit_price,
      })),
    [items.data],
  );
  const line = useWatch({ control: form.control, name: `lines.${index}` });
  const amount = line ? lineAmount(line) : null;
  const number = index + 1;

  return (
    <Box
      role="group"
      aria-label={`Line ${number}`}
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: { xs: 'minmax(0, 1fr) minmax(0, 1fr)', md: 'minmax(0, 3fr) 1fr 1fr 1fr auto' },
        '& > :first-of-type': { gridColumn: { xs: '1 / -1', md: 'auto' } },
      }}
    >
      <FormIdSelect<TOrderForm, TCrmOrderValues, IdOption & { price: number }>
        emptyMessage={CRM_MESSAGES.required}
        control={form.control}
        name={`lines.${index}.item_id`}
        label="Item"
        required
        options={options}
        loading={items.isFetching}
        onSearch={setSearch}
        currentLabel={line?.item_label || undefined}
        onPicked={(item) => {
          form.setValue(`lines.${index}.item_label`, item?.label ?? '');
          form.setValue(`lines.${index}.item_price`, item?.price ?? null);
          // The line starts at the item's price; the admin may change it for this order.
          form.setValue(`lines.${index}.unit_price`, item ? String(item.price) : '');
        }}
      />
      <FormTextField
        form={form}
        name={`lines.${index}.quantity`}
        label="Quantity"
        required
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <FormTextField
        form={form}
        name={`lines.${index}.unit_price`}
        label={`Unit price (${symbol})`}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <Box sx={{ pt: { xs: 0, md: 2 } }}>
        <Typography variant="caption" color="text.secondary" component="div">
          Amount
        </Typography>
        <Typography variant="body2" data-testid={`line-amount-${number}`}>
          {amount === null ? '—' : orderAmount(amount, symbol)}
        </Typography>
      </Box>
      <Tooltip title={removable ? `Remove line ${number}` : 'An order has at least one line'}>
        <span>
          <IconButton
            aria-label={`Remove line ${number}`}
            onClick={onRemove}
            disabled={!removable}
            sx={{ mt: { xs: 0, md: 1 } }}
          >
            <DeleteOutlined />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

function LinesFields({ form }: { form: TOrderFormApi }) {
  const terms = useTerms();
  const symbol = terms.currency.symbol;
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' });
  const lines = useWatch({ control: form.control, name: 'lines' });
  const total = lines.reduce((sum, line) => sum + (lineAmount(line) ?? 0), 0);
  const errors = form.formState.errors.lines;
  const linesError = errors?.message ?? errors?.root?.message;

  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2">
        Lines
      </Typography>
      {fields.map((field, index) => (
        <LineFields
          key={field.id}
          form={form}
          index={index}
          onRemove={() => remove(index)}
          removable={fields.length > 1}
          symbol={symbol}
        />
      ))}
      {linesError && <Alert severity="error">{linesError}</Alert>}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Button
          startIcon={<AddIcon />}
          onClick={() => append(emptyLine())}
          disabled={fields.length >= ORDER_LINES_MAX}
        >
          Add line
        </Button>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }} aria-live="polite">
          {`Total: ${orderAmount(Math.round(total * 100) / 100, symbol)}`}
        </Typography>
      </Stack>
    </Stack>
  );
}

/** What saving does to the status: a draft, confirmed at once, or (a failed order) as it is. */
type TSaveAs = 'draft' | 'confirmed' | 'keep';
const SAVE_LABEL: Record<TSaveAs, string> = {
  draft: 'Save as draft',
  confirmed: 'Save and confirm',
  keep: 'Save',
};

export interface OrderDialogProps {
  open: boolean;
  /** The order edited, whole; null to add one. */
  order: TCrmOrderDetails | null;
  onClose: () => void;
}

/**
 * Add / Edit order: customer, address, requested day and window, lines with their running total,
 * pets and notes, saved as a draft or confirmed at once. An order past confirmation reads only.
 */
export function OrderDialog({ open, order, onClose }: OrderDialogProps) {
  const add = useAddCrmOrder();
  const save = useSaveCrmOrder();
  const timeZone = useTenantTimeZone();
  const readOnly = order !== null && !isEditable(order.status);
  const failed = order?.status === 'failed';
  const [saveAs, setSaveAs] = useState<TSaveAs>('draft');
  useEffect(() => {
    if (open)
      setSaveAs(order?.status === 'failed' ? 'keep' : order?.status === 'confirmed' ? 'confirmed' : 'draft');
  }, [open, order?.status]);

  const submit = async (values: TCrmOrderValues) => {
    const input: TCrmOrderInput = saveAs === 'keep' ? values : { ...values, status: saveAs };
    if (order) await save.mutateAsync({ id: order.id, input });
    else await add.mutateAsync(input);
  };

  return (
    <FormDialog
      open={open}
      title={order ? `Edit order ${order.reference}` : 'Add order'}
      schema={SCHEMA}
      defaultValues={formOf(order)}
      onSubmit={submit}
      onClose={onClose}
      successMessage={order ? CRM_MESSAGES.updated('Order') : CRM_MESSAGES.created('Order')}
      failureMessage={order ? 'The order could not be saved.' : 'The order could not be added.'}
      submitLabel={SAVE_LABEL[saveAs]}
      readOnly={readOnly}
      width={820}
    >
      {(form) => (
        <>
          {readOnly && <Alert severity="info">{CRM_MESSAGES.orderNotEditable}</Alert>}
          <Box component="fieldset" disabled={readOnly} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Stack spacing={2}>
              <CustomerFields form={form} order={order} />
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
                }}
              >
                <FormTextField
                  form={form}
                  name="requested_date"
                  label="Requested date"
                  type="date"
                  required
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <FormTextField
                  form={form}
                  name="window_start"
                  label="Window start"
                  type="time"
                  helperText={`HH:mm, ${timeZone}`}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <FormTextField
                  form={form}
                  name="window_end"
                  label="Window end"
                  type="time"
                  helperText="Both ends, or neither"
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              </Box>
              <LinesFields form={form} />
              <FormTextField
                form={form}
                name="notes"
                label="Notes"
                multiline
                minRows={2}
                slotProps={{ htmlInput: { maxLength: CRM_NOTES_MAX } }}
              />
              {!readOnly && (
                <Box>
                  <FormLabel id="order-save-as">After saving, the order is</FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby="order-save-as"
                    value={saveAs}
                    onChange={(event) => setSaveAs(event.target.value as TSaveAs)}
                  >
                    {failed ? (
                      <FormControlLabel value="keep" control={<Radio />} label="Failed, as it is" />
                    ) : (
                      <FormControlLabel value="draft" control={<Radio />} label="A draft" />
                    )}
                    <FormControlLabel value="confirmed" control={<Radio />} label="Confirmed" />
                  </RadioGroup>
                </Box>
              )}
            </Stack>
          </Box>
        </>
      )}
    </FormDialog>
  );
}
