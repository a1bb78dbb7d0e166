import { useRef, useState } from 'react';
import { MESSAGES } from '@fleet/contract';
import { useSnackbar } from '../../components/snackbar';
import { ApiError } from '../../lib/api/client';
import { downloadUrl } from '../../lib/api/files';
import { tripReportUrl } from './api/report';

/** Why a report failed, in the spec's words (spec 001 §8). */
function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'timeout') return MESSAGES.tripReport.timedOut;
    if (error.responseMessage === MESSAGES.tripReport.urlMissing) return error.responseMessage;
    return error.responseMessage
      ? MESSAGES.tripReport.failed(error.responseMessage)
      : MESSAGES.tripReport.fallback;
  }
  return MESSAGES.tripReport.fallback;
}

/**
 * The Report action of the trips table: asks the server for the trip's report and downloads the
 * PDF. One report at a time; the action is disabled meanwhile (spec 001 §4).
 */
export function useTripReport() {
  const snackbar = useSnackbar();
  const [generatingId, setGeneratingId] = useState<number | null>(null);
  // A ref as well as state: two clicks in the same tick both see the first one.
  const busy = useRef(false);

  const generate = async (tripId: number) => {
    if (busy.current) {
      snackbar.show(MESSAGES.tripReport.inProgress, 'info');
      return;
    }
    busy.current = true;
    setGeneratingId(tripId);
    snackbar.show(MESSAGES.tripReport.generating, 'info');
    try {
      await downloadUrl(await tripReportUrl(tripId), `trip-${tripId}.pdf`);
      snackbar.show(MESSAGES.tripReport.generated, 'success');
    } catch (error) {
      snackbar.show(failureText(error), 'error');
    } finally {
      busy.current = false;
      setGeneratingId(null);
    }
  };

  return { generatingId, generating: generatingId !== null, generate };
}
