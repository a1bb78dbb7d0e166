import type { TDriverAppTrip } from '@fleet/contract';
import { toUtcString } from '@fleet/contract';
import type { TTransport, TTransportRequest } from './client.ts';
import { metersBetween } from './geo.ts';

/*
 * For the tests: an in-memory stand-in of the server's driver API for one driver and their trips,
 * with the execution rules the simulator meets (one trip at a time, arrival after the start, tasks
 * once arrived, the end once every stop is left) and, for trackers, a geofence like the server's
 * (start on leaving the origin, arrival within 100 m, departure beyond 125 m). Every request is
 * recorded.
 */

const RADIUS = 100;
const LEAVE = 125;

export interface TFakeServer {
  transport: TTransport;
  requests: TTransportRequest[];
  trips: TDriverAppTrip[];
  /** Fixes stored, in the order received. */
  fixes: { lat: number; lon: number; at: string }[];
  /** Refuels and accidents reported: their text fields and how many photos came with them. */
  reports: { kind: 'refuels' | 'accidents'; fields: Record<string, string>; photos: number }[];
}

export function fakeServer(trips: TDriverAppTrip[], options: { deviceId?: string } = {}): TFakeServer {
  const requests: TTransportRequest[] = [];
  const fixes: TFakeServer['fixes'] = [];
  const reports: TFakeServer['reports'] = [];
  const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
  const ok = (data: unknown) => json(200, { responseCode: 1, responseMessage: 'OK', data });
  const refuse = (status: number, message: string) =>
    json(status, { responseCode: 0, responseMessage: message, data: null });
  const tripOfStop = (id: number) => trips.find((t) => t.stops.some((s) => s.id === id));
  const nowOf = (body: Record<string, string | undefined>) => body.at ?? toUtcString(new Date());

  function start(trip: TDriverAppTrip, at: string) {
    trip.state = 'in_progress';
    trip.started_date = at;
    trip.flag = 1;
  }
  /** The server's geofence, simplified: for the trip in progress or the first planned one. */
  function follow(
    fix: { lat: number; lon: number; at: string },
    previous: { lat: number; lon: number } | undefined,
  ) {
    const trip = trips.find((t) => t.state === 'in_progress') ?? trips.find((t) => t.state === 'planned');
    if (!trip) return;
    if (trip.state === 'planned') {
      const o = trip.origin;
      if (o && previous && metersBetween(previous, o) <= RADIUS && metersBetween(fix, o) > RADIUS)
        start(trip, fix.at);
      else return;
    }
    const here = trip.stops.find((s) => s.state === 'arrived');
    // A late fix (from before the arrival, sent afterwards) does not depart.
    if (
      here &&
      fix.at > here.arrived_date! &&
      metersBetween(fix, { lat: here.lat!, lon: here.lon! }) > LEAVE
    ) {
      here.state = 'departed';
      here.departed_date = fix.at;
    }
    if (!trip.stops.some((s) => s.state === 'arrived')) {
      const active = trip.stops.find(
        (s) => s.state === 'pending' && metersBetween(fix, { lat: s.lat!, lon: s.lon! }) <= RADIUS,
      );
      if (active) {
        active.state = 'arrived';
        active.arrived_date = fix.at;
      }
    }
  }

  const transport: TTransport = async (request) => {
    requests.push(request);
    const [path, query = ''] = request.path.split('?');
    const body: Record<string, string | undefined> =
      typeof request.body === 'string' && request.body
        ? (JSON.parse(request.body) as Record<string, string>)
        : {};
    if (path === '/api/v1/driver/login') {
      return ok({
        token: 'token-1',
        token_type: 'Bearer',
        expires_at: '2099-01-01 00:00:00',
        driver: { id: 1, email: body.email, time_zone: 'Asia/Dubai' },
      });
    }
    if (path === '/api/osmand') {
      const p = new URLSearchParams(query);
      if (p.get('id') !== options.deviceId) return refuse(400, 'unknown tracker');
      const fix = {
        lat: Number(p.get('lat')),
        lon: Number(p.get('lon')),
        at: toUtcString(new Date(Number(p.get('timestamp')) * 1000)),
      };
      follow(fix, fixes.at(-1));
      fixes.push(fix);
      return { status: 200, body: '' };
    }
    if (request.headers.authorization !== 'Bearer token-1') return refuse(401, 'Sign in');
    if (path === '/api/v1/driver/trips') return ok(trips);
    if (path === '/api/v1/driver/positions') {
      for (const p of (
        JSON.parse(String(request.body)) as { positions: { lat: number; lon: number; recorded_at: string }[] }
      ).positions) {
        const fix = { lat: p.lat, lon: p.lon, at: toUtcString(new Date(p.recorded_at)) };
        follow(fix, fixes.at(-1));
        fixes.push(fix);
      }
      return ok({ received: 1, stored: 1 });
    }
    let m = /^\/api\/v1\/driver\/trips\/(\d+)(?:\/(start|end))?$/.exec(path!);
    if (m) {
      const trip = trips.find((t) => t.id === Number(m![1]));
      if (!trip) return refuse(404, 'Not found');
      if (m[2] === 'start') {
        if (trip.state !== 'planned') return refuse(409, 'Already started');
        if (trips.some((t) => t.state === 'in_progress')) return refuse(409, 'Another trip is in progress');
        start(trip, nowOf(body));
      }
      if (m[2] === 'end') {
        if (trip.state !== 'in_progress') return refuse(409, 'Not running');
        if (trip.stops.some((s) => s.state === 'pending' || s.state === 'arrived'))
          return refuse(409, 'Stops open');
        trip.state = 'ended';
        trip.ended_date = nowOf(body);
      }
      return ok(trip);
    }
    m = /^\/api\/v1\/driver\/stops\/(\d+)\/(arrive|depart|skip)$/.exec(path!);
    if (m) {
      const trip = tripOfStop(Number(m[1]));
      const stop = trip?.stops.find((s) => s.id === Number(m![1]));
      if (!trip || !stop) return refuse(404, 'Not found');
      if (trip.state !== 'in_progress') return refuse(409, 'Trip not started');
      const at = nowOf(body);
      if (m[2] === 'arrive') {
        if (stop.state !== 'pending') return refuse(409, 'Already arrived');
        if (trip.stops.some((s) => s.state === 'arrived')) return refuse(409, 'At another stop');
        Object.assign(stop, { state: 'arrived', arrived_date: at });
      } else if (m[2] === 'depart') {
        if (stop.state !== 'arrived') return refuse(409, 'Not there');
        Object.assign(stop, { state: 'departed', departed_date: at });
      } else {
        if (stop.state !== 'pending') return refuse(409, 'Cannot skip');
        Object.assign(stop, { state: 'skipped', skipped_date: at, skip_reason: body.reason });
        for (const task of stop.tasks) task.status = 'missed';
      }
      return ok(trip);
    }
    m = /^\/api\/v1\/driver\/tasks\/(\d+)\/complete$/.exec(path!);
    if (m) {
      const trip = trips.find((t) => t.stops.some((s) => s.tasks.some((k) => k.id === Number(m![1]))));
      const stop = trip?.stops.find((s) => s.tasks.some((k) => k.id === Number(m![1])));
      const task = stop?.tasks.find((k) => k.id === Number(m![1]));
      if (!trip || !stop || !task) return refuse(404, 'Not found');
      if (stop.state !== 'arrived') return refuse(409, 'Not at the stop');
      if (task.status !== 'pending') return refuse(409, 'Already completed');
      const multipart = String(request.headers['content-type']).startsWith('multipart/form-data');
      const fields = multipart
        ? Object.fromEntries(
            [...(await new Response(request.body, { headers: request.headers }).formData()).entries()].filter(
              (e): e is [string, string] => typeof e[1] === 'string',
            ),
          )
        : body;
      task.status = 'completed';
      task.completed_date = nowOf(fields);
      task.driver_note = fields.note ?? null;
      return ok(trip);
    }
    m = /^\/api\/v1\/driver\/(refuels|accidents)$/.exec(path!);
    if (m) {
      const form = await new Response(request.body, { headers: request.headers }).formData();
      const fields = Object.fromEntries(
        [...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      reports.push({ kind: m[1] as 'refuels' | 'accidents', fields, photos: form.getAll('photos').length });
      return ok({ id: reports.length, ...fields });
    }
    return refuse(404, `No route ${request.method} ${path}`);
  };
  return { transport, requests, trips, fixes, reports };
}

/**
 * A planned trip of three stops about 2 km apart in Dubai, starting at `start` (UTC text): the first
 * stop with a client-approval and a manager-approval task, the second with a plain task, the third
 * without tasks.
 */
export function tripFixture(id: number, start: string): TDriverAppTrip {
  const task = (taskId: number, client: boolean, manager: boolean) => ({
    id: taskId,
    description: `Task ${taskId}`,
    order_id: `ORD-${taskId}`,
    priority: 0,
    note: null,
    client_approval: client,
    manager_approval: manager,
    manager_approval_status: manager ? ('awaiting_submission' as const) : null,
    status: 'pending' as const,
    completed_date: null,
    driver_note: null,
    photos: [],
  });
  const stop = (n: number, lat: number, lon: number, tasks: ReturnType<typeof task>[]) => ({
    id: id * 10 + n,
    position: n,
    name: `Stop ${n + 1}`,
    lat,
    lon,
    driving_time: 10,
    staying_time: 8,
    driving_time_range: 5,
    staying_time_range: 5,
    expected_arrival_date: null,
    expected_departure_date: null,
    state: 'pending' as const,
    arrived_date: null,
    departed_date: null,
    skipped_date: null,
    skip_reason: null,
    student_fname: null,
    student_lname: null,
    tasks,
  });
  return {
    id,
    state: 'planned',
    start_date: start,
    departure_time_range: 15,
    started_date: null,
    ended_date: null,
    flag: 0,
    note: null,
    origin: { id: 1, title: 'Depot', lat: 25.185, lon: 55.26 },
    type: null,
    active_trip_destination_id: null,
    stops: [
      stop(0, 25.2, 55.275, [task(id * 100 + 1, true, false), task(id * 100 + 2, false, true)]),
      stop(1, 25.215, 55.265, [task(id * 100 + 3, false, false)]),
      stop(2, 25.205, 55.245, []),
    ],
  };
}
