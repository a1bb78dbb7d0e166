import { MESSAGES, TRIP_REPORT_RESPONSE_CODE, ZTripReport } from '@fleet/contract';
import { ApiError, apiFetch } from '../../../lib/api/client';

/** The report call can take a while on a long trip; past this it is given up. */
export const REPORT_TIMEOUT_MS = 60_000;

/**
 * `trip/report?id=`: answers responseCode 200 (not 1) and `data.url` (spec 001 §7). Resolves to the
 * URL of the PDF, which is always on this server.
 */
export async function tripReportUrl(id: number): Promise<string> {
  const json = (await apiFetch('trip/report', { query: { id }, timeoutMs: REPORT_TIMEOUT_MS })) as {
    responseCode?: unknown;
    responseMessage?: unknown;
    data?: unknown;
  } | null;
  if (json?.responseCode !== TRIP_REPORT_RESPONSE_CODE) {
    const message = typeof json?.responseMessage === 'string' ? json.responseMessage : '';
    throw new ApiError(200, message, 'envelope');
  }
  const parsed = ZTripReport.safeParse(json.data);
  // Only a path on this server is followed: the session cookie must never travel elsewhere.
  if (!parsed.success || !parsed.data.url.startsWith('/'))
    throw new ApiError(200, MESSAGES.tripReport.urlMissing, 'shape');
  return parsed.data.url;
}
