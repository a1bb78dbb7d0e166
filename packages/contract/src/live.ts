import { z } from 'zod';
import { EVENT_TYPES, ZEventActor, type TEventType } from './events.ts';

/*
 * The live event stream (`GET /api/v1/events`, Server-Sent Events): what an open console or driver
 * app is told as it happens. Three kinds of message, named by the SSE `event:` field:
 *
 *   id: 1042            ← change_events id; the browser sends it back as Last-Event-ID on reconnect
 *   event: change
 *   data: {"type":"trip.updated","ids":[7],"actor":{"kind":"tenant_admin","id":3},"at":"…"}
 *
 *   event: positions    ← no id: positions are not replayed, the latest ones are a REST call away
 *   data: [{"driver_id":4,"trip_id":7,"lat":25.2,"lon":55.3,"recorded_at":"…","speed":42,"course":90}]
 *
 *   event: resync       ← the stream could not replay everything missed: refetch what is on screen
 *   data: {}
 *
 * plus a comment line (`: keep-alive`) every ~15 s and a `retry:` hint.
 */

export const LIVE_EVENT = {
  change: 'change',
  positions: 'positions',
  resync: 'resync',
} as const;

/** What changed, never its content: the client refetches what it shows with its own rights. */
export const ZLiveChange = z.object({
  type: z.enum(EVENT_TYPES as [TEventType, ...TEventType[]]),
  ids: z.array(z.number().int()),
  actor: ZEventActor,
  /** ISO 8601, when the change committed. */
  at: z.string(),
});
export type TLiveChange = z.infer<typeof ZLiveChange>;

/** A driver's newest position, at most one a driver a second. */
export const ZLivePosition = z.object({
  driver_id: z.number().int(),
  trip_id: z.number().int().nullable(),
  lat: z.number(),
  lon: z.number(),
  /** ISO 8601 time of the fix. */
  recorded_at: z.string(),
  /** km/h */
  speed: z.number().nullable(),
  /** Degrees from north. */
  course: z.number().nullable(),
});
export type TLivePosition = z.infer<typeof ZLivePosition>;

export const ZLivePositions = z.array(ZLivePosition);
