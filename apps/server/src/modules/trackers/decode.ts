import { MESSAGES, POSITION_LIMITS, parseFixTime } from '@fleet/contract';
import { AppError } from '../../platform/errors.ts';

/*
 * The tracker protocols, decoded into one fix: OsmAnd as Traccar Client and compatible apps send it
 * (query string, form body, or the JSON of Traccar Client 9+), and OwnTracks' HTTP JSON. Units are
 * converted here (knots and m/s to km/h, a battery fraction to percent); ranges are the positions
 * service's to judge, for every source alike (a fix out of range is acknowledged and counted, not
 * stored). A value a protocol cannot hold (no decimal number, no date), or more fixes than a driver
 * app's batch may hold, makes the report unreadable: the routes refuse it as they refuse an unknown
 * Tracker ID.
 */

/** A fix as a tracker reported it, before it is known whose it is. */
export interface TTrackerFix {
  lat: number;
  lon: number;
  recordedAt: Date;
  /** km/h */
  speed: number | null;
  course: number | null;
  altitude: number | null;
  accuracy: number | null;
  battery: number | null;
  attributes: Record<string, unknown>;
}

/** What a tracker sent: its Tracker ID (null when it sent none) and its fixes. */
export interface TTrackerReport {
  trackerId: string | null;
  fixes: TTrackerFix[];
}

const KNOTS_TO_KMH = 1.852;
const MS_TO_KMH = 3.6;
/** Phones report −1 for a speed, course or accuracy they do not know (iOS CoreLocation, the location SDK). */
const UNKNOWN = -1;

const numberOrThrow = (field: string) => AppError.field(field, MESSAGES.position.numberInvalid(field));

/**
 * A decimal number as text (`25.2`, `-0.5`, `1e-3`): what Traccar's protocols write. JavaScript's
 * `Number` reads more (`0x19` as 25, `0b1`, `Infinity`), none of it a coordinate a phone sends.
 */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A number from a protocol value (a JSON number or its decimal text); null when absent or empty. */
function numberOf(value: unknown, field: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  const text = typeof value === 'string' ? value.trim() : null;
  if (text !== null && !DECIMAL.test(text)) throw numberOrThrow(field);
  const n = typeof value === 'number' ? value : text !== null ? Number(text) : NaN;
  if (!Number.isFinite(n)) throw numberOrThrow(field);
  return n;
}

/** The same, with the platforms' "unknown" (−1) read as null. */
const knownOf = (value: unknown, field: string) => {
  const n = numberOf(value, field);
  return n === UNKNOWN ? null : n;
};

const required = (value: number | null, field: string): number => {
  if (value === null) throw AppError.field(field, MESSAGES.position.numberInvalid(field));
  return value;
};

/**
 * OsmAnd's `timestamp`: Unix seconds or milliseconds (told apart by size, as Traccar does), ISO 8601
 * (UTC when it names no offset), or `yyyy-MM-dd HH:mm:ss` in UTC; now when absent.
 */
export function osmAndTime(value: unknown, now: Date): Date {
  if (value === undefined || value === null || value === '') return now;
  const text = String(value).trim();
  if (/^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    // Seconds until the year 5138; a millisecond count is larger from 1973 on.
    return new Date(n < 1e11 ? n * 1000 : n);
  }
  const time = parseFixTime(text) ?? (/T/.test(text) ? parseFixTime(`${text}Z`) : null);
  if (!time) throw AppError.field('timestamp', MESSAGES.position.timeInvalid('timestamp'));
  return time;
}

/** One parameter's value; a repeated parameter keeps its last value, as Traccar reads them. */
const single = (value: unknown): unknown => (Array.isArray(value) ? value.at(-1) : value);

/** What an OsmAnd parameter becomes among a fix's attributes: a number, a boolean, or the text. */
function attributeOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (DECIMAL.test(text) && Number.isFinite(Number(text))) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  return value;
}

const OSMAND_KNOWN = new Set([
  'id',
  'deviceid',
  'lat',
  'lon',
  'location',
  'timestamp',
  'speed',
  'bearing',
  'heading',
  'altitude',
  'accuracy',
  'batt',
]);

/** OsmAnd's parameters (query string and form body together) as one report. */
export function decodeOsmAndParams(params: Record<string, unknown>, now: Date): TTrackerReport {
  const p = (name: string) => single(params[name]);
  const id = String(p('id') ?? p('deviceid') ?? '').trim();
  let lat = numberOf(p('lat'), 'lat');
  let lon = numberOf(p('lon'), 'lon');
  const location = p('location');
  if ((lat === null || lon === null) && typeof location === 'string' && location.trim() !== '') {
    const [a, b, ...rest] = location.split(',');
    if (b === undefined || rest.length > 0)
      throw AppError.field('location', MESSAGES.position.numberInvalid('location'));
    lat = numberOf(a, 'location');
    lon = numberOf(b, 'location');
  }
  const attributes: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    if (!OSMAND_KNOWN.has(name)) attributes[name] = attributeOf(single(value));
  }
  const speedKnots = knownOf(p('speed'), 'speed');
  return {
    trackerId: id || null,
    fixes: [
      {
        lat: required(lat, 'lat'),
        lon: required(lon, 'lon'),
        recordedAt: osmAndTime(p('timestamp'), now),
        speed: speedKnots === null ? null : speedKnots * KNOTS_TO_KMH,
        course: knownOf(p('bearing') ?? p('heading'), p('bearing') !== undefined ? 'bearing' : 'heading'),
        altitude: numberOf(p('altitude'), 'altitude'),
        accuracy: knownOf(p('accuracy'), 'accuracy'),
        battery: knownOf(p('batt'), 'batt'),
        attributes,
      },
    ],
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The JSON of Traccar Client 9+ (the background location SDK's own format): `device_id`, and a
 * `location` (or several) with `timestamp`, `coords` (speed in m/s), `battery.level` (0–1) and more.
 */
export function decodeOsmAndJson(
  body: Record<string, unknown>,
  query: Record<string, unknown>,
  now: Date,
): TTrackerReport {
  const id = String(body.device_id ?? single(query.id) ?? single(query.deviceid) ?? '').trim();
  const locations = Array.isArray(body.location) ? body.location : [body.location];
  // As many as a driver app's batch may hold: a phone back from a dead zone sends them over requests.
  if (locations.length > POSITION_LIMITS.batchMax)
    throw AppError.field('location', MESSAGES.position.batchSize);
  const fixes = locations.map((location, i): TTrackerFix => {
    const at = locations.length > 1 ? `location.${i}` : 'location';
    if (!isObject(location) || !isObject(location.coords))
      throw AppError.field(`${at}.coords`, MESSAGES.position.numberInvalid(`${at}.coords.latitude`));
    const coords = location.coords;
    const battery = isObject(location.battery) ? location.battery : {};
    const speed = knownOf(coords.speed, `${at}.coords.speed`);
    const level = knownOf(battery.level, `${at}.battery.level`);
    const time = location.timestamp;
    const recordedAt =
      time === undefined || time === null
        ? now
        : typeof time === 'number'
          ? new Date(time < 1e11 ? time * 1000 : time)
          : (parseFixTime(String(time)) ??
            (() => {
              throw AppError.field(`${at}.timestamp`, MESSAGES.position.timeInvalid(`${at}.timestamp`));
            })());
    const activity = isObject(location.activity) ? location.activity.type : undefined;
    const attributes = Object.fromEntries(
      Object.entries({
        event: location.event,
        is_moving: location.is_moving,
        odometer: location.odometer,
        activity,
        charging: battery.is_charging,
        ...(isObject(location.extras) ? location.extras : {}),
      }).filter(([, v]) => v !== undefined),
    );
    return {
      lat: required(numberOf(coords.latitude, `${at}.coords.latitude`), `${at}.coords.latitude`),
      lon: required(numberOf(coords.longitude, `${at}.coords.longitude`), `${at}.coords.longitude`),
      recordedAt,
      speed: speed === null ? null : speed * MS_TO_KMH,
      course: knownOf(coords.heading, `${at}.coords.heading`),
      altitude: numberOf(coords.altitude, `${at}.coords.altitude`),
      accuracy: knownOf(coords.accuracy, `${at}.coords.accuracy`),
      battery: level === null ? null : Math.round(level * 1000) / 10,
      attributes,
    };
  });
  return { trackerId: id || null, fixes };
}

const OWNTRACKS_KNOWN = new Set(['_type', 'lat', 'lon', 'tst', 'vel', 'cog', 'alt', 'acc', 'batt']);

/**
 * The password of an HTTP Basic `Authorization` header (`Basic base64(user:password)`), or null.
 * OwnTracks sends the username and password set in its connection settings this way.
 */
export function basicPassword(header: string | string[] | undefined): string | null {
  const value = single(header);
  if (typeof value !== 'string') return null;
  const m = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(value);
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return decoded.slice(colon + 1).trim() || null;
}

/**
 * An OwnTracks HTTP message. The app authenticates with HTTP Basic, its password the Tracker ID
 * (its username is free; the topic, `tid` and `X-Limit-U`/`X-Limit-D` headers, which anyone can
 * read or make up, are kept with the fix but never identify it). Only `_type: location` carries a
 * fix; other messages are a report without one.
 */
export function decodeOwnTracks(
  body: Record<string, unknown>,
  headers: Record<string, string | string[] | undefined>,
): TTrackerReport {
  const trackerId = basicPassword(headers.authorization);
  if (body._type !== 'location') return { trackerId, fixes: [] };
  const tst = numberOf(body.tst, 'tst');
  const attributes = Object.fromEntries(Object.entries(body).filter(([name]) => !OWNTRACKS_KNOWN.has(name)));
  return {
    trackerId,
    fixes: [
      {
        lat: required(numberOf(body.lat, 'lat'), 'lat'),
        lon: required(numberOf(body.lon, 'lon'), 'lon'),
        recordedAt: new Date(required(tst, 'tst') * 1000),
        speed: knownOf(body.vel, 'vel'),
        course: knownOf(body.cog, 'cog'),
        altitude: numberOf(body.alt, 'alt'),
        accuracy: knownOf(body.acc, 'acc'),
        battery: knownOf(body.batt, 'batt'),
        attributes,
      },
    ],
  };
}
