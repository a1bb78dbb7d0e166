import type { TDriverVehicleChoice, TDriverVehicleRequest } from '@fleet/contract';
import type { TextKey } from './i18n.ts';

/*
 * The driver's vehicle change requests as the app tells them: waiting for the office, or decided
 * (accepted: the vehicle was free or its driver was left without one; swapped with its driver;
 * declined). One request waits at a time, so a new one is offered only when none waits, on the
 * server or still on the phone.
 */

export type RequestOutcome = 'pending' | 'accepted' | 'swapped' | 'declined';

export function outcomeOf(request: Pick<TDriverVehicleRequest, 'status' | 'resolution'>): RequestOutcome {
  if (request.status === '0') return 'pending';
  if (request.status === '2') return 'declined';
  return request.resolution === 'swap' ? 'swapped' : 'accepted';
}

export const OUTCOME_TEXT: Record<RequestOutcome, TextKey> = {
  pending: 'request_pending',
  accepted: 'request_accepted',
  swapped: 'request_swapped',
  declined: 'request_declined',
};

/** Whether the driver may ask now: nothing waits on the server nor in the phone's outbox. */
export const mayAsk = (pendingOnServer: number | null, waitingOnPhone: boolean) =>
  pendingOnServer === null && !waitingOnPhone;

/**
 * The vehicles the driver may ask for: every other one, free ones first, then taken ones, then those
 * in the workshop today (shown, but not to be chosen), by reference.
 */
export function choices(vehicles: TDriverVehicleChoice[]): TDriverVehicleChoice[] {
  return vehicles
    .filter((v) => !v.mine)
    .sort(
      (a, b) =>
        Number(a.in_maintenance) - Number(b.in_maintenance) ||
        a.taken.localeCompare(b.taken) ||
        a.reference.localeCompare(b.reference),
    );
}
