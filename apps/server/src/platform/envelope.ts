import { RESPONSE_CODE, ZErrorEnvelope, ZSuccessErrorEnvelope, type TEnvelope } from '@fleet/contract';
import { ACCESS } from './principal.ts';

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

/**
 * The spec's `v1/` calls of tenant admins (approvals, exceptions, school bus) answer
 * `{success, data, …}`, and so do their failures: the route config and failure schemas they share.
 */
export const SUCCESS_ENVELOPE_ROUTE = { access: ACCESS.tenantAdmin, envelope: 'success' } as const;
export const SUCCESS_ERROR_RESPONSES = {
  400: ZSuccessErrorEnvelope,
  401: ZSuccessErrorEnvelope,
  403: ZSuccessErrorEnvelope,
  404: ZSuccessErrorEnvelope,
  409: ZSuccessErrorEnvelope,
} as const;
