import { RESPONSE_CODE, type TEnvelope } from '@fleet/contract';

/** The success envelope of spec 000 §7. */
export const ok = <T>(data: T, message = ''): TEnvelope<T> => ({
  responseCode: RESPONSE_CODE.success,
  responseMessage: message,
  data,
});
