import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { LoginLimiter } from './login-limiter.ts';
import type { Mailer } from './mail.ts';
import type { EventBus, PositionFeed } from './events.ts';
import type { Storage } from './storage.ts';
import type { TBackgroundWork } from './background-work.ts';
import type { TStartupWork } from './startup.ts';
import type { LiveRelay } from './live-relay.ts';
import type { TPushSender } from './web-push.ts';
import type { LiveStreams } from '../modules/events/service.ts';
import type { ExportRunner } from '../modules/exports/service.ts';

/** What every module's routes receive: the database, the configuration and shared services. */
export interface TDeps {
  database: Database;
  config: TConfig;
  limiter: LoginLimiter;
  mailer: Mailer;
  /** Change events of this process, published once their transaction (which wrote them) has committed. */
  events: EventBus;
  /** Committed positions, for the live views. */
  positions: PositionFeed;
  /** Every process's changes and positions, heard through the database: what event streams send. */
  live: LiveRelay;
  /** The event streams this process serves. */
  streams: LiveStreams;
  /** Background exports: started as they are queued, swept periodically. */
  exports: ExportRunner;
  /** Uploaded files: task photos (a folder under DATA_DIR, or S3). */
  storage: Storage;
  /** Web Push to the driver apps (off without VAPID keys). */
  push: TPushSender;
  /** What this process still does in the background after it started answering (the demo's history). */
  startup: TStartupWork;
  /** Work a request starts and does not wait for; aborted and awaited when the app stops. */
  work: TBackgroundWork;
  version: string;
}

/** A module's routes: a Fastify plugin typed for zod schemas, given the app's dependencies. */
export type ModuleRoutes = FastifyPluginAsyncZod<TDeps>;
