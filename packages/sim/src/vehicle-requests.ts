import {
  toUtcString,
  type TDriverVehicleChoice,
  type TDriverVehicleRequest,
  type TDriverVehicles,
} from '@fleet/contract';
import { fleetClient, multipartBody, SimHttpError, type TTransport } from './client.ts';
import { photoPng } from './photo.ts';
import type { TRandom } from './random.ts';

/*
 * A driver asking for another vehicle from the driver app (`/api/v1/driver/vehicles`,
 * `/api/v1/driver/vehicle-requests`): signs in, looks at the tenant's vehicles, picks one that fits
 * what they want and sends the request with a note and photos of what is wrong with their own.
 * What happens to the request is an admin's business (the server's demo decides it).
 */

/** What the driver wants: a vehicle nobody has, one a colleague has, or any but their own. */
export type TVehicleWish = 'free' | 'taken' | 'any';

/** Why drivers ask (the note sent with the photos). */
export const VEHICLE_CHANGE_REASONS = [
  'The air conditioning stopped working this morning.',
  'The brakes squeal and the workshop needs it for two days.',
  'Tyre pressure warning keeps coming back after every refill.',
  'The sliding door does not close properly any more.',
  'My new route needs a larger vehicle.',
  'Check-engine light is on; photos of the dashboard attached.',
  'The windscreen is cracked on the driver side.',
  'The reversing camera shows nothing.',
] as const;

export interface TVehicleChangeAsk {
  email: string;
  password: string;
  wish: TVehicleWish;
  /** When the driver asked, epoch milliseconds (a replay of the past); now when left out. */
  at?: number;
}

/** The vehicles `wish` allows, never the driver's own. */
export function vehiclesWished(vehicles: readonly TDriverVehicleChoice[], wish: TVehicleWish) {
  return vehicles.filter(
    (v) =>
      !v.mine &&
      !v.in_maintenance &&
      (wish === 'any' || (wish === 'free' ? v.taken === '0' : v.taken === '1')),
  );
}

/**
 * Signs the driver in and asks for a vehicle that fits `wish`, with one of the reasons and one to
 * three photos; signs out again. Answers the request, or null when no vehicle fits or the driver
 * already has a request waiting.
 */
export async function askForVehicleChange(
  transport: TTransport,
  random: TRandom,
  ask: TVehicleChangeAsk,
): Promise<TDriverVehicleRequest | null> {
  const api = await fleetClient(transport).driverLogin(ask.email, ask.password);
  const headers = { authorization: `Bearer ${api.session.token}` };
  const answer = async <T>(method: string, path: string, body?: { body: Buffer; contentType: string }) => {
    const res = await transport({
      method,
      path,
      headers: body ? { ...headers, 'content-type': body.contentType } : headers,
      ...(body ? { body: body.body } : {}),
    });
    const json = JSON.parse(res.body) as { data: T; responseMessage?: string };
    if (res.status < 200 || res.status > 299)
      throw new SimHttpError(res.status, `${method} ${path}`, json.responseMessage ?? res.body);
    return json.data;
  };
  try {
    const choice = await answer<TDriverVehicles>('GET', '/api/v1/driver/vehicles');
    const fits = vehiclesWished(choice.vehicles, ask.wish);
    if (choice.pending_request_id !== null || fits.length === 0) return null;
    const vehicle = random.pick(fits);
    const photos = Array.from({ length: random.int(1, 3) }, (_, i) => ({
      field: 'photos',
      filename: `vehicle-${i + 1}.png`,
      contentType: 'image/png',
      data: photoPng(random),
    }));
    const form = multipartBody(
      {
        new_bus_id: String(vehicle.id),
        note: random.pick(VEHICLE_CHANGE_REASONS),
        ...(ask.at === undefined ? {} : { at: toUtcString(new Date(ask.at)) }),
      },
      photos,
    );
    return await answer<TDriverVehicleRequest>('POST', '/api/v1/driver/vehicle-requests', form);
  } finally {
    await api.logout();
  }
}
