import { Controller } from 'react-hook-form';
import { ZAddressInput, type TAddressRow, type TAddressValues } from '@fleet/contract';
import { FormTextField } from '../../components/form-text-field';
import { PlacePicker, formatCoordinate, type TPlaceValue } from '../../components/place-picker';
import { useAddAddress, useSaveAddress } from './api/records';
import { RecordDialog, type RecordDialogState } from './record-dialog';
import { crmFormSchema } from './crm-form';
import { CustomerPicker } from './customer-picker';

interface AddressForm {
  customer_id: number | null;
  label: string;
  /** The place picker's address and point, as typed. */
  place: TPlaceValue;
  delivery_notes: string;
}

// The contract's refinements make the point required; its type says so (`TAddressValues`).
const ZAddressValues = ZAddressInput.transform((values) => values as TAddressValues);

const SCHEMA = crmFormSchema<AddressForm, typeof ZAddressValues>(ZAddressValues, {
  toInput: ({ place, ...form }) => ({ ...form, address: place.location, lat: place.lat, lon: place.lon }),
  // The address's messages go under its name field, the point's beside the map.
  fieldOf: (path) =>
    path[0] === 'address'
      ? ['place', 'location']
      : path[0] === 'lat' || path[0] === 'lon'
        ? ['place', 'point']
        : path,
});

/** Add/Edit a customer's address: its label, the place picked on the map, and delivery notes. */
export function AddressDialog({ open, row: address, customer, onClose }: RecordDialogState<TAddressRow>) {
  const add = useAddAddress();
  const save = useSaveAddress();
  const owner = address?.customer ?? customer;
  const defaultValues: AddressForm = {
    customer_id: owner?.id ?? null,
    label: address?.label ?? '',
    place: address
      ? { location: address.address, lat: formatCoordinate(address.lat), lon: formatCoordinate(address.lon) }
      : { location: '', lat: '', lon: '' },
    delivery_notes: address?.delivery_notes ?? '',
  };
  return (
    <RecordDialog<AddressForm, TAddressValues, TAddressRow>
      noun="Address"
      open={open}
      row={address}
      schema={SCHEMA}
      defaultValues={defaultValues}
      onClose={onClose}
      add={add.mutateAsync}
      save={save.mutateAsync}
    >
      {(form) => (
        <>
          <CustomerPicker control={form.control} name="customer_id" current={owner} disabled={!!customer} />
          <FormTextField
            form={form}
            name="label"
            label="Label"
            placeholder="Home, Office, Warehouse 2"
            required
            autoFocus
          />
          <Controller
            control={form.control}
            name="place"
            render={({ field, fieldState }) => {
              const error = fieldState.error as
                Partial<Record<keyof TPlaceValue | 'point', { message?: string }>> | undefined;
              return (
                <PlacePicker
                  label="Address"
                  value={field.value}
                  onChange={field.onChange}
                  locationError={error?.location?.message}
                  error={error?.point?.message}
                  required
                />
              );
            }}
          />
          <FormTextField form={form} name="delivery_notes" label="Delivery notes" multiline minRows={2} />
        </>
      )}
    </RecordDialog>
  );
}
