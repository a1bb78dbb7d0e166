import { z } from 'zod';

/*
 * Change events: the service that makes a write records one of these in the same transaction, and it
 * is announced once that commits. The event stream (consoles), the exceptions engine and the audit
 * log subscribe; an event names what changed, never its content, so a subscriber reads the records it
 * needs with its own rights.
 */

/** The kinds of caller the product knows (sessions, access declarations, event actors). */
export const PRINCIPAL_KINDS = ['super_admin', 'tenant_admin', 'driver', 'tracker', 'guardian'] as const;
export type TPrincipalKind = (typeof PRINCIPAL_KINDS)[number];

/** Each entity that changes, and the verbs it changes by. */
const ENTITY_EVENTS = {
  tenant: ['created', 'updated', 'archived'],
  settings: ['updated'],
  admin: ['created', 'updated', 'archived'],
  driver: ['created', 'updated', 'archived'],
  vehicle: ['created', 'updated', 'archived'],
  origin: ['created', 'updated', 'archived'],
  destination: ['created', 'updated', 'archived'],
  trip_type: ['created', 'updated', 'archived'],
  trip: ['created', 'updated', 'archived'],
  /** A stop of a running trip: arrived at, departed from, skipped. */
  stop: ['updated'],
  schedule: ['created', 'updated', 'archived'],
  task: ['completed'],
  approval: ['updated'],
  fine: ['created', 'updated', 'archived'],
  /** A diesel refuel a driver reported (corrected or archived by an admin). */
  refuel: ['created', 'updated', 'archived'],
  accident: ['created', 'updated', 'archived'],
  /** A driver's vehicle change request: made, then accepted, swapped or declined. */
  vehicle_request: ['created', 'updated'],
  student: ['created', 'updated', 'archived'],
  guardian: ['created', 'updated'],
  /** A message sent to a driver (created), then seen or acknowledged by them (updated). */
  notification: ['created', 'updated'],
  /** Raised by the exceptions engine, withdrawn when later data proves it wrong, or marked seen. */
  exception: ['created', 'updated'],
  /** A vehicle's service recorded (created), or one of the tenant's maintenance types edited (updated). */
  maintenance: ['created', 'updated'],
  /** A vehicle's risk or overdue service alert raised (created), or marked seen (updated). */
  vehicle_alert: ['created', 'updated'],
  /** CRM records (the tenant's CRM module). */
  crm_customer: ['created', 'updated', 'archived'],
  crm_contact: ['created', 'updated', 'archived'],
  crm_pet: ['created', 'updated', 'archived'],
  crm_address: ['created', 'updated', 'archived'],
  crm_item: ['created', 'updated', 'archived'],
  /** A CRM order: made, changed, moved through its statuses (by an admin or its trip), deleted. */
  crm_order: ['created', 'updated', 'archived'],
  blog_post: ['created', 'updated', 'archived'],
  landing_section: ['updated'],
  contact_request: ['created'],
} as const;
type TEntityEvents = typeof ENTITY_EVENTS;
export type TEventEntity = keyof TEntityEvents;
export type TEventType = {
  [E in TEventEntity]: `${E}.${TEntityEvents[E][number]}`;
}[TEventEntity];

export const EVENT_TYPES = Object.entries(ENTITY_EVENTS).flatMap(([entity, verbs]) =>
  verbs.map((verb) => `${entity}.${verb}`),
) as TEventType[];

/** Who made a change: a caller of one of the principal kinds, or the product itself (a job, the seed). */
export const ZEventActor = z.object({
  kind: z.enum([...PRINCIPAL_KINDS, 'system']),
  /** The admin's, driver's, device's or guardian's id; null for the system. */
  id: z.number().int().nullable(),
});
export type TEventActor = z.infer<typeof ZEventActor>;

export const ZChangeEvent = z.object({
  type: z.enum(EVENT_TYPES as [TEventType, ...TEventType[]]),
  /** The tenant whose data changed; null for the product's own content (blog, landing page). */
  tenant_id: z.number().int().nullable(),
  /** The ids of the records of the event's entity that changed (a trip's id, a task's id, …). */
  ids: z.array(z.number().int()),
  actor: ZEventActor,
  /** ISO 8601, when the change committed. */
  at: z.string(),
});
export type TChangeEvent = z.infer<typeof ZChangeEvent> & { type: TEventType };

/** The entity an event type is about: `trip.updated` → `trip`. */
export const eventEntity = (type: TEventType): TEventEntity =>
  type.slice(0, type.indexOf('.')) as TEventEntity;
