import { describe, expect, it } from 'vitest';
import {
  fleetClient,
  multipartBody,
  osmandQuery,
  owntracksAuthorization,
  owntracksMessage,
  SimHttpError,
  type TSimFix,
  type TTransportRequest,
} from './client.ts';
import { photoPng } from './photo.ts';
import { seeded } from './random.ts';

const FIX: TSimFix = {
  lat: 25.2048123,
  lon: 55.2708456,
  at: Date.UTC(2026, 2, 2, 8, 15, 2),
  speed: 37.04,
  course: 92.5,
  accuracy: 4.5,
  altitude: 7,
  battery: 77,
};

/** A transport answering `answer` to everything, recording the requests. */
function recording(answer: { status: number; body: string; headers?: Record<string, string | string[]> }) {
  const requests: TTransportRequest[] = [];
  return {
    requests,
    transport: async (request: TTransportRequest) => {
      requests.push(request);
      return answer;
    },
  };
}

const SESSION = {
  token: 'abc',
  token_type: 'Bearer',
  expires_at: '2099-01-01 00:00:00',
  driver: { id: 5, email: 'ali@example.com', time_zone: 'Asia/Dubai' },
};
const ok = (data: unknown) => ({
  status: 200,
  body: JSON.stringify({ responseCode: 1, responseMessage: 'OK', data }),
});

describe('multipartBody', () => {
  it('makes a form/data body that parses back into its fields and files', async () => {
    const photo = photoPng(seeded(1));
    const { body, contentType } = multipartBody(
      { note: 'Handed over, “signed”', at: '2026-03-02 08:15:02' },
      [
        { field: 'client_photos', filename: 'photo-1.png', contentType: 'image/png', data: photo },
        { field: 'manager_photos', filename: 'photo-2.png', contentType: 'image/png', data: photo },
      ],
    );
    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    expect(form.get('note')).toBe('Handed over, “signed”');
    expect(form.get('at')).toBe('2026-03-02 08:15:02');
    const file = form.get('client_photos') as File;
    expect(file.type).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(photo)).toBe(true);
    expect(form.getAll('manager_photos')).toHaveLength(1);
    // The same content, the same request.
    expect(multipartBody({ note: 'x' }, []).contentType).toBe(multipartBody({ note: 'x' }, []).contentType);
  });
});

describe('tracker messages', () => {
  it('sends OsmAnd speed in knots and the time in Unix seconds', () => {
    const q = new URLSearchParams(osmandQuery('358240051111110', FIX));
    expect(Object.fromEntries(q)).toEqual({
      id: '358240051111110',
      lat: '25.2048123',
      lon: '55.2708456',
      timestamp: String(Date.UTC(2026, 2, 2, 8, 15, 2) / 1000),
      speed: '20',
      bearing: '92.5',
      altitude: '7',
      accuracy: '4.5',
      batt: '77',
    });
  });

  it('sends OwnTracks locations with the Tracker ID as the Basic password, never in the message', () => {
    const message = owntracksMessage(FIX);
    expect(message).toMatchObject({
      _type: 'location',
      tst: FIX.at / 1000,
      vel: 37,
      cog: 93,
      acc: 5,
      batt: 77,
    });
    expect(JSON.stringify(message)).not.toContain('k3x7');
    const authorization = owntracksAuthorization('k3x7mq2ab9');
    expect(authorization).toMatch(/^Basic /);
    expect(Buffer.from(authorization.slice(6), 'base64').toString()).toBe('sim:k3x7mq2ab9');
  });
});

describe('fleetClient', () => {
  it('signs a driver in and sends their bearer token, the action time, and photos as a form', async () => {
    const r = recording(ok(SESSION));
    const api = await fleetClient(r.transport).driverLogin('ali@example.com', 'pw');
    expect(JSON.parse(String(r.requests[0]!.body))).toEqual({ email: 'ali@example.com', password: 'pw' });
    await api.arrive(12, Date.UTC(2026, 2, 2, 8, 0, 0));
    expect(r.requests[1]).toMatchObject({
      method: 'POST',
      path: '/api/v1/driver/stops/12/arrive',
      headers: { authorization: 'Bearer abc', 'content-type': 'application/json' },
      body: JSON.stringify({ at: '2026-03-02 08:00:00' }),
    });
    await api.completeTask(7, {
      note: 'Done.',
      photos: [{ field: 'client_photos', data: photoPng(seeded(1)) }],
    });
    const complete = r.requests[2]!;
    expect(complete.path).toBe('/api/v1/driver/tasks/7/complete');
    const form = await new Response(complete.body, { headers: complete.headers }).formData();
    expect(form.get('note')).toBe('Done.');
    expect(form.get('client_photos')).toBeInstanceOf(File);
    await api.completeTask(8, {});
    expect(r.requests[3]).toMatchObject({ body: '{}', headers: { 'content-type': 'application/json' } });
    await api.trips('2026-03-02', '2026-03-03');
    expect(r.requests[4]!.path).toBe('/api/v1/driver/trips?from=2026-03-02&to=2026-03-03');
  });

  it("throws the server's status and message on a refusal", async () => {
    const r = recording({
      status: 409,
      body: JSON.stringify({ responseCode: 0, responseMessage: 'This trip has already started', data: null }),
    });
    const error = await fleetClient(r.transport)
      .driverLogin('a@x', 'b')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SimHttpError);
    expect(error).toMatchObject({ status: 409, serverMessage: 'This trip has already started' });
  });

  it("lists the admin's drivers with the session cookie of the sign-in", async () => {
    const r = recording({
      ...ok([]),
      headers: { 'set-cookie': ['fleet_session=s3cr3t; Path=/; HttpOnly; SameSite=Lax'] },
    });
    const admin = await fleetClient(r.transport).adminLogin('admin@example.com', 'admin123');
    await admin.drivers();
    expect(r.requests[1]).toMatchObject({
      method: 'GET',
      path: '/api/driver/get-drivers',
      headers: { cookie: 'fleet_session=s3cr3t' },
    });
  });

  it('sends an OsmAnd fix as a GET and an OwnTracks one as JSON', async () => {
    const r = recording({ status: 200, body: '' });
    const client = fleetClient(r.transport);
    await client.osmand('dev-1', FIX);
    await client.owntracks('dev-1', FIX);
    expect(r.requests[0]!.method).toBe('GET');
    expect(r.requests[0]!.path).toMatch(/^\/api\/osmand\?id=dev-1&/);
    expect(r.requests[1]).toMatchObject({ method: 'POST', path: '/api/owntracks' });
    expect(r.requests[1]!.headers.authorization).toBe(owntracksAuthorization('dev-1'));
    expect(JSON.parse(String(r.requests[1]!.body))).toMatchObject({ _type: 'location', tst: FIX.at / 1000 });
  });
});
