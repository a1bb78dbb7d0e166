import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { LoginLimiter } from './login-limiter.ts';
import type { Mailer } from './mail.ts';

/** What every module's routes receive: the database, the configuration and shared services. */
export interface TDeps {
  database: Database;
  config: TConfig;
  limiter: LoginLimiter;
  mailer: Mailer;
  version: string;
}

/** A module's routes: a Fastify plugin typed for zod schemas, given the app's dependencies. */
export type ModuleRoutes = FastifyPluginAsyncZod<TDeps>;
