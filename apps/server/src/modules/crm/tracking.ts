import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  CRM_ORDER_STATUS_LABEL,
  DEFAULT_SETTINGS,
  EXCEPTION_ENGINE_DEFAULTS,
  orderReference,
  toUtcString,
  type TCrmOrderStatus,
  type TTrackingView,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';
import { AppError } from '../../platform/errors.ts';
import type { Storage, TStoredFile } from '../../platform/storage.ts';
import { drivingTable } from '../geo/service.ts';
import { metersBetween } from '../trips/service.ts';

/*
 * The customer's tracking page (public, by the link's token alone): one order's status, its window,
 * the driver's first name, the vehicle's position and an ETA only while the driver is heading to
 * this order's stop, and the proof photo once delivered. Nothing about other stops or customers is
 * read into it. An unknown, revoked or expired token, an archived order, or a tenant whose CRM is off
 * all answer the same 404.
 */

/** A token as the links carry it: 32 random bytes in base64url. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A position older than this is not shown: the page says the driver is on the way instead. */
const POSITION_FRESH_MS = 15 * 60_000;
const SPEED_MPS = EXCEPTION_ENGINE_DEFAULTS.typicalSpeedKmh / 3.6;

export const trackingNotFound = () =>
  new AppError('NOT_FOUND', 'This tracking link is not valid, or it has expired.');

interface TLinkRow {
  tenant_id: number;
  order_id: number;
  status: TCrmOrderStatus;
  requested_date: string;
  window_start: Date | string | null;
  window_end: Date | string | null;
  delivered_date: Date | string | null;
  task_id: number | null;
  lat: number;
  lon: number;
  tenant_name: string;
  time_zone: string | null;
  stop_id: number | null;
  arrived_date: Date | string | null;
  heading_to: number | null;
  trip_running: boolean;
  driver_first_name: string | null;
  v_lat: number | null;
  v_lon: number | null;
  v_at: Date | string | null;
}

/** The live link of a token with what its page shows; undefined when the page must answer 404. */
async function linkOf(db: Db, token: string): Promise<TLinkRow | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const [row] = await selectRows<TLinkRow>(
    db,
    sql`
    select l.tenant_id, l.order_id, o.status, o.requested_date::text as requested_date,
      o.window_start, o.window_end, o.delivered_date, o.task_id,
      a.lat, a.lon, t.name as tenant_name, tz.value as time_zone,
      k.trip_destination_id as stop_id, s.arrived_date,
      tr.active_trip_destination_id as heading_to,
      (tr.started_date is not null and tr.ended_date is null and not tr.archived and not tr.cancelled) as trip_running,
      nullif(trim(d.fname), '') as driver_first_name,
      p.lat as v_lat, p.lon as v_lon, p.recorded_at as v_at
    from crm_tracking_links l
    join tenants t on t.id = l.tenant_id and t.is_enabled_crm and not t.archived
    join crm_orders o on o.tenant_id = l.tenant_id and o.id = l.order_id and not o.archived
    join crm_addresses a on a.tenant_id = o.tenant_id and a.id = o.address_id
    left join tenant_settings tz on tz.tenant_id = l.tenant_id and tz.key = 'time_zone'
    left join tasks k on k.tenant_id = o.tenant_id and k.id = o.task_id
    left join trip_destinations s on s.tenant_id = o.tenant_id and s.id = k.trip_destination_id
    left join trips tr on tr.tenant_id = o.tenant_id and tr.id = s.trip_id
    left join drivers d on d.tenant_id = o.tenant_id and d.id = tr.driver_id
    left join driver_last_positions p on p.tenant_id = o.tenant_id and p.driver_id = tr.driver_id
    where l.token = ${token} and l.revoked_date is null
      and (l.expires_date is null or l.expires_date > now())
    limit 1`,
  );
  return row;
}

const asDate = (v: Date | string | null) => (v === null ? null : new Date(v));

export interface TTrackingOptions {
  routerUrl: string | undefined;
  log: { warn: (obj: object, msg: string) => void };
  now?: Date;
}

/** What the page of a token shows, and the tenant's time zone it is told in; 404 for anything but a live link. */
export async function trackingView(
  db: Db,
  token: string,
  options: TTrackingOptions,
): Promise<{ view: TTrackingView; zone: string }> {
  const row = await linkOf(db, token);
  if (!row) throw trackingNotFound();
  const zone = row.time_zone?.trim() || DEFAULT_SETTINGS.time_zone;
  const clock = (v: Date | string | null) =>
    v === null ? null : DateTime.fromJSDate(new Date(v)).setZone(zone).toFormat('HH:mm');
  const now = options.now ?? new Date();
  const destination = { lat: row.lat, lon: row.lon };
  const fixAt = asDate(row.v_at);
  // Heading here: its trip runs, this order's stop is the one the driver is going to, not reached yet.
  const heading =
    row.status === 'in_progress' &&
    row.trip_running &&
    row.stop_id !== null &&
    row.heading_to === row.stop_id &&
    row.arrived_date === null;
  const fresh = fixAt !== null && now.getTime() - fixAt.getTime() < POSITION_FRESH_MS;
  const vehicle =
    heading && fresh && row.v_lat !== null && row.v_lon !== null
      ? { lat: row.v_lat, lon: row.v_lon, at: toUtcString(fixAt) }
      : null;
  const eta = vehicle ? await etaOf(vehicle, destination, now, options) : null;
  const view: TTrackingView = {
    reference: orderReference(row.order_id),
    status: row.status,
    status_label: CRM_ORDER_STATUS_LABEL[row.status],
    tenant_name: row.tenant_name,
    requested_date: row.requested_date,
    window_start: clock(row.window_start),
    window_end: clock(row.window_end),
    driver_first_name: row.stop_id !== null ? row.driver_first_name : null,
    vehicle,
    destination,
    eta: eta && toUtcString(eta),
    delivered_date: row.delivered_date === null ? null : toUtcString(new Date(row.delivered_date)),
    proof_image:
      row.status === 'delivered' && (await proofPhotoKey(db, row)) ? `/api/v1/track/${token}/photo` : null,
  };
  return { view, zone };
}

/** When the vehicle should reach the stop: the router's drive when it answers, else a straight line at the typical speed. */
async function etaOf(
  from: { lat: number; lon: number },
  to: { lat: number; lon: number },
  now: Date,
  { routerUrl, log }: TTrackingOptions,
): Promise<Date> {
  if (routerUrl) {
    const table = await drivingTable(
      routerUrl,
      [
        [from.lon, from.lat],
        [to.lon, to.lat],
      ],
      log,
    ).catch(() => null);
    const seconds = table?.seconds[0]?.[1];
    if (typeof seconds === 'number') return new Date(now.getTime() + seconds * 1000);
  }
  return new Date(now.getTime() + (metersBetween(from, to) / SPEED_MPS) * 1000);
}

async function proofPhotoKey(db: Db, row: TLinkRow) {
  if (row.task_id === null) return null;
  const [photo] = await selectRows<{ storage_key: string; content_type: string }>(
    db,
    sql`select storage_key, content_type from task_photos
      where tenant_id = ${row.tenant_id} and task_id = ${row.task_id} and kind = 'client'
      order by id limit 1`,
  );
  return photo ?? null;
}

/** The delivered order's first proof photo, for its page; 404 before delivery or for a dead link. */
export async function trackingPhoto(db: Db, storage: Storage, token: string): Promise<TStoredFile> {
  const row = await linkOf(db, token);
  if (!row || row.status !== 'delivered') throw trackingNotFound();
  const photo = await proofPhotoKey(db, row);
  const file = photo && (await storage.get(photo.storage_key));
  if (!photo || !file) throw trackingNotFound();
  return { ...file, contentType: photo.content_type };
}
