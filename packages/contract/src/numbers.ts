import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` column: ids and counts never go past it. */
export const INT4_MAX = 2_147_483_647;

/**
 * A whole number in a query, path or body: a JSON number, or its plain decimal digits in a string
 * (query strings and paths carry only text). Nothing else is read as a number: `true`, `[4]`, `''`,
 * `' 4'`, `'4.0'`, `'1e3'` and `'0x10'` are refused, where a coercion would have turned them into one.
 */
export const zWholeNumber = ({
  min,
  max = INT4_MAX,
  message,
}: {
  min: number;
  max?: number;
  message: string;
}) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,10}$/)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(z.number().int(message).min(min, message).max(max, message));

/** An id in a query, body or path: a positive whole number, given as a number or as digits. */
export const zId = (field: string) =>
  zWholeNumber({ min: 1, message: `${field} must be a positive whole number` });

/** `page`, `page_size` and `limit` of the list calls. */
export const zPage = () =>
  zWholeNumber({ min: 1, message: 'page must be a positive whole number' }).default(1);
export const zPageSize = (fallback: number, max = 100) =>
  zWholeNumber({ min: 1, max, message: `page_size must be a whole number from 1 to ${max}` }).default(
    fallback,
  );
/**
 * `page` and `page_size` of a list call that answers a plain array (beyond the spec): both left out,
 * the call answers as it always did; given, it answers that page and the count in `X-Total-Count`.
 */
export const zOptionalPaging = (max = 100) => ({
  page: zWholeNumber({ min: 1, message: 'page must be a positive whole number' }).optional(),
  page_size: zWholeNumber({
    min: 1,
    max,
    message: `page_size must be a whole number from 1 to ${max}`,
  }).optional(),
});
export const zLimit = (max = 500) =>
  zWholeNumber({ min: 1, max, message: `limit must be a whole number from 1 to ${max}` });
