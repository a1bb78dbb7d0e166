import { z } from 'zod';

/** responseCode values of the `{responseCode, responseMessage, data}` envelope (spec 000 §7). */
export const RESPONSE_CODE = { success: 1, failure: 0 } as const;

/** The envelope most calls answer with. */
export const ZEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    responseCode: z.number().int(),
    responseMessage: z.string(),
    data,
  });

/** Error answer: the same envelope with `data: null`, plus the failing fields on a validation error. */
export const ZErrorEnvelope = z.object({
  responseCode: z.literal(RESPONSE_CODE.failure),
  responseMessage: z.string(),
  data: z.null(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** The envelope of the spec's `v1/` approval, exception, maintenance and school-bus calls. */
export const ZSuccessEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data });

/** Their failures: `success: false`, a message, and the failing fields on a validation error. */
export const ZSuccessErrorEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export type TEnvelope<T> = { responseCode: number; responseMessage: string; data: T };
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelope>;

/** A timestamp as the API sends it: UTC `YYYY-MM-DD HH:mm:ss` (DESIGN §3). */
export const toUtcString = (date: Date): string => date.toISOString().slice(0, 19).replace('T', ' ');
