import { MESSAGES } from '@fleet/contract';
import { ApiError } from './api/client';

/**
 * What a sign-in form says when sign-in fails (the console's and the parents'), the three outcomes
 * of spec 000 §4/§8: too many attempts shows the server's message (and so does the rare answer
 * that the e-mail and password open accounts of several organisations); a failed request or a
 * server failure is an internal error; every other refusal is invalid credentials.
 */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGES.login.internalError;
  if (error.status === 429) return error.responseMessage || MESSAGES.http.tooManyRequests;
  // The e-mail and password open accounts of several organisations: the server says what to do.
  if (error.status === 409) return error.responseMessage || MESSAGES.login.severalOrganisations;
  if (error.isServerFailure) return MESSAGES.login.internalError;
  return MESSAGES.login.invalidCredentials;
}
