import type { TChangeEvent, TEventType } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { systemContext } from '../../platform/context.ts';
import type { EventBus, TPublish } from '../../platform/events.ts';
import { tenantsWithOrdersOnTheWay } from './order-queries.ts';
import { followOrders } from './order-service.ts';

/*
 * CRM orders follow their trips: when a trip or a task changes (its change event, once committed),
 * the orders it carries move to the status it implies (order-service.ts `followOrders`). A periodic
 * sweep catches what an event could not bring: a change committed by another process, or one made
 * while this process was down.
 */

const FOLLOWED: readonly TEventType[] = ['task.completed', 'trip.updated', 'trip.archived'];
/** How often every tenant's orders on their way are compared with their trips. */
export const ORDER_SWEEP_INTERVAL_MS = 60_000;

interface TFollowerOptions {
  db: Db;
  events: EventBus;
  publish: TPublish;
  log: { error: (obj: object, msg: string) => void };
}

/** Follows trip and task events from now on; answers the function that stops it (after the work under way). */
export function startOrderFollower({ db, events, publish, log }: TFollowerOptions) {
  let queue: Promise<unknown> = Promise.resolve();
  const run = (work: () => Promise<unknown>) => {
    queue = queue.then(work).catch((err: unknown) => log.error({ err }, 'following CRM orders failed'));
    return queue;
  };
  const onChange = (event: TChangeEvent) => {
    const tenantId = event.tenant_id;
    if (tenantId === null || event.ids.length === 0) return;
    const ctx = systemContext(db, publish, 'order follower', tenantId);
    void run(() =>
      followOrders(ctx, event.type === 'task.completed' ? { taskIds: event.ids } : { tripIds: event.ids }),
    );
  };
  const unsubscribe = events.subscribe(onChange, FOLLOWED);
  return {
    /** Waits for the changes heard so far to be followed (tests, shutdown). */
    settled: () => queue,
    async stop() {
      unsubscribe();
      await queue;
    },
  };
}

/** Every tenant's orders on their way, compared with their trips. */
export async function sweepOrders(db: Db, publish: TPublish): Promise<number> {
  let moved = 0;
  for (const tenantId of await tenantsWithOrdersOnTheWay(db)) {
    moved += await followOrders(systemContext(db, publish, 'order follower', tenantId), { all: true });
  }
  return moved;
}
