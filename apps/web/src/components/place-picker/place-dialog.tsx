import { Controller } from 'react-hook-form';
import { MESSAGES, type ZDestinationInput } from '@fleet/contract';
import { z } from 'zod';
import { FormDialog } from '../form-dialog';
import { PlacePicker } from './place-picker';
import { INVALID_PLACE, formatCoordinate, placePoint, type TPlaceValue } from './place';

/** A saved place as its dialog sends it: the name (address) and the point, as a destination is saved. */
export type TNamedPlace = Pick<z.output<typeof ZDestinationInput>, 'name' | 'lat' | 'lon'>;

/** The form of a named place: the name is required, the point must be valid. */
const ZNamedPlaceForm = z
  .object({
    place: z.object({
      location: z.string().trim().min(1, MESSAGES.required).max(200, MESSAGES.places.nameMax),
      lat: z.string(),
      lon: z.string(),
    }),
  })
  .superRefine(({ place }, ctx) => {
    // Beside the name's own error, not over it: react-hook-form keeps one error object per path.
    if (!placePoint(place))
      ctx.addIssue({ code: 'custom', path: ['place', 'point'], message: INVALID_PLACE });
  })
  .transform(({ place }): TNamedPlace => {
    const point = placePoint(place) as { lat: number; lon: number };
    return { name: place.location.trim(), ...point };
  });
type TNamedPlaceForm = z.input<typeof ZNamedPlaceForm>;

const toForm = (place: TNamedPlace | null): TNamedPlaceForm => ({
  place: place
    ? { location: place.name, lat: formatCoordinate(place.lat), lon: formatCoordinate(place.lon) }
    : { location: '', lat: '', lon: '' },
});

export interface PlaceDialogProps {
  open: boolean;
  title: string;
  /** Label of the name field ("Address"). */
  label: string;
  /** The place being edited, or null to add one. */
  place: TNamedPlace | null;
  onSubmit: (values: TNamedPlace) => Promise<unknown>;
  onClose: () => void;
  successMessage: string;
  failureMessage: string;
  invalidMessage?: string;
}

/**
 * Add/update dialog of a saved place (origins and destinations, spec 001 §2): 600 px, one address
 * field with the map and typed coordinates. There is no geocoder search: the server offers none, so
 * the address is typed and the point picked on the map or typed.
 */
export function PlaceDialog({ place, label, ...props }: PlaceDialogProps) {
  return (
    <FormDialog
      {...props}
      schema={ZNamedPlaceForm}
      defaultValues={toForm(place)}
      invalidMessage={props.invalidMessage ?? MESSAGES.places.formInvalid}
    >
      {(form) => (
        <Controller
          control={form.control}
          name="place"
          render={({ field, fieldState }) => {
            const error = fieldState.error as
              Partial<Record<keyof TPlaceValue | 'point', { message?: string }>> | undefined;
            return (
              <PlacePicker
                label={label}
                value={field.value}
                onChange={field.onChange}
                locationError={error?.location?.message}
                error={error?.point?.message}
                required
                autoFocus
              />
            );
          }}
        />
      )}
    </FormDialog>
  );
}
