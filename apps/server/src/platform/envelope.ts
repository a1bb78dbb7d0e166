import { RESPONSE_CODE, ZErrorEnvelope, type TEnvelope } from '@fleet/contract';

/** The success envelope of spec 000 §7. */
export const ok = <T>(data: T, message = ''): TEnvelope<T> => ({
  responseCode: RESPONSE_CODE.success,
  responseMessage: message,
  data,
});

/** The failure answers every signed-in route may give, for its OpenAPI response schema. */
export const ERROR_RESPONSES = {
  400: ZErrorEnvelope,
  401: ZErrorEnvelope,
  403: ZErrorEnvelope,
  404: ZErrorEnvelope,
  409: ZErrorEnvelope,
} as const;
