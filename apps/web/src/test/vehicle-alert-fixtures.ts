import { VEHICLE_ALERT_MESSAGES, type TVehicleAlert } from '@fleet/contract';
import { fail, type MockAnswer, type MockHandler } from './mock-api';

/*
 * Test data of the vehicle alerts (tests only): alert rows and a mock of the alert calls that marks
 * seen as the server does, so an alert marked seen really is seen on the next fetch.
 */

export function vehicleAlertRecord(id: number, overrides: Partial<TVehicleAlert> = {}): TVehicleAlert {
  const reference = overrides.reference ?? `DXB-${100 + id}`;
  return {
    id,
    vehicle_id: 10 + id,
    reference,
    kind: 'high_risk',
    message: VEHICLE_ALERT_MESSAGES.highRisk(reference, 81.4),
    raised_date: '2026-03-10 07:05:00',
    seen: false,
    ...overrides,
  };
}

export interface VehicleAlertMockOptions {
  /** Answer the list call with this failure. */
  failList?: { status: number; message: string };
  /** Keep every seen call pending: what shows meanwhile is the console's own (optimistic) change. */
  holdSeen?: boolean;
}

const pending = () => new Promise<MockAnswer>(() => {});

const seenAnswer = (updated: number): MockAnswer => ({
  body: { success: true, message: VEHICLE_ALERT_MESSAGES.seen, data: { updated } },
});

/** `mockApi` handlers of the vehicle alert calls over `records` (changed in place when marked seen). */
export function vehicleAlertHandlers(
  records: TVehicleAlert[],
  options: VehicleAlertMockOptions = {},
): Record<string, MockHandler> {
  const handlers: Record<string, MockHandler> = {
    'GET /api/v1/vehicles/alerts': () =>
      options.failList
        ? fail(options.failList.status, options.failList.message)
        : {
            body: {
              success: true,
              data: records,
              not_seen: records.filter((alert) => !alert.seen).length,
            },
          },
    'POST /api/v1/vehicles/alerts/seen': () => {
      if (options.holdSeen) return pending();
      const unseen = records.filter((alert) => !alert.seen);
      for (const alert of unseen) alert.seen = true;
      return seenAnswer(unseen.length);
    },
  };
  for (const alert of records) {
    handlers[`POST /api/v1/vehicles/alerts/${alert.id}/seen`] = () => {
      if (options.holdSeen) return pending();
      const updated = alert.seen ? 0 : 1;
      alert.seen = true;
      return seenAnswer(updated);
    };
  }
  return handlers;
}
