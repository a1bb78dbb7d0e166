import { describe, expect, it } from 'vitest';
import type { TDriverVehicleChoice } from '@fleet/contract';
import type { TTransportRequest } from './client.ts';
import { seeded } from './random.ts';
import { askForVehicleChange, vehiclesWished } from './vehicle-requests.ts';

const choice = (id: number, taken: '0' | '1', mine = false): TDriverVehicleChoice => ({
  id,
  reference: `BUS-${id}`,
  brand: 'Toyota',
  model: 'Coaster',
  year: 2020,
  taken,
  mine,
  in_maintenance: false,
});
const VEHICLES = [choice(1, '1', true), choice(2, '0'), choice(3, '1'), choice(4, '0')];

/** A driver API answering the calls the request makes, recording them. */
function fakeServer(pending: number | null = null) {
  const calls: TTransportRequest[] = [];
  const envelope = (data: unknown) => ({ status: 200, body: JSON.stringify({ responseCode: 1, data }) });
  const transport = async (request: TTransportRequest) => {
    calls.push(request);
    if (request.path === '/api/v1/driver/login')
      return envelope({ token: 'tok', expires_at: '2030-01-01 00:00:00', driver: { time_zone: 'UTC' } });
    if (request.path === '/api/v1/driver/vehicles')
      return envelope({ own: VEHICLES[0], vehicles: VEHICLES, pending_request_id: pending });
    if (request.path === '/api/v1/driver/vehicle-requests') return envelope({ id: 77, status: '0' });
    return envelope(null);
  };
  return { calls, transport };
}

describe('vehiclesWished', () => {
  it("offers free, taken or any vehicle, never the driver's own", () => {
    expect(vehiclesWished(VEHICLES, 'free').map((v) => v.id)).toEqual([2, 4]);
    expect(vehiclesWished(VEHICLES, 'taken').map((v) => v.id)).toEqual([3]);
    expect(vehiclesWished(VEHICLES, 'any').map((v) => v.id)).toEqual([2, 3, 4]);
  });
});

describe('askForVehicleChange', () => {
  it('sends the request as the app does: bearer token, a form with the vehicle, a note, the time and photos', async () => {
    const { calls, transport } = fakeServer();
    const at = Date.UTC(2026, 2, 1, 8, 30);
    const request = await askForVehicleChange(transport, seeded(5), {
      email: 'ali@example.com',
      password: 'driver-demo-pass',
      wish: 'taken',
      at,
    });
    expect(request).toMatchObject({ id: 77 });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/v1/driver/login',
      'GET /api/v1/driver/vehicles',
      'POST /api/v1/driver/vehicle-requests',
      'POST /api/v1/driver/logout',
    ]);
    const post = calls[2]!;
    expect(post.headers.authorization).toBe('Bearer tok');
    expect(post.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = String(post.body);
    expect(body).toMatch(/name="new_bus_id"\r\n\r\n3\r\n/);
    expect(body).toMatch(/name="at"\r\n\r\n2026-03-01 08:30:00\r\n/);
    expect(body).toMatch(/name="note"\r\n\r\n.+\r\n/);
    expect(body).toMatch(/name="photos"; filename="vehicle-1.png"/);
  });

  it('asks for nothing while a request is pending, and signs out', async () => {
    const { calls, transport } = fakeServer(12);
    const request = await askForVehicleChange(transport, seeded(5), {
      email: 'ali@example.com',
      password: 'driver-demo-pass',
      wish: 'any',
    });
    expect(request).toBeNull();
    expect(calls.map((c) => c.path)).toEqual([
      '/api/v1/driver/login',
      '/api/v1/driver/vehicles',
      '/api/v1/driver/logout',
    ]);
  });
});
