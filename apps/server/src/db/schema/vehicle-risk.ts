import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenantId } from './columns.ts';
import { vehicles } from './fleet.ts';

/*
 * Vehicle risk (issue 27, decision 0036): each tenant's trained models, the training in progress,
 * and the daily predictions the dashboard's trend is drawn from.
 */

/**
 * A training's outcome: a model with its validation (`kind` 'trained'), or the finding that the
 * fleet's history is too short (`kind` 'insufficient'). The latest version is the one served.
 */
export const riskModels = pgTable(
  'risk_models',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    version: integer('version').notNull(),
    trainedAt: timestamp('trained_at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').notNull(),
    /** The features, weights, the folds' models and the validation figures (`TStoredRisk`). */
    body: jsonb('body').notNull(),
    trainingMs: integer('training_ms').notNull(),
  },
  (t) => [uniqueIndex('risk_models_tenant_version_idx').on(t.tenantId, t.version)],
);

/**
 * A tenant's training: one at a time across processes. A process claims the row (`started_at`, no
 * `finished_at`), and a claim not finished within the timeout is taken over.
 */
export const riskTrainings = pgTable('risk_trainings', {
  tenantId: tenantId().primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  error: text('error'),
});

/** A vehicle's predicted probability on a day of the tenant's calendar, with its key factors. */
export const vehicleRiskDays = pgTable(
  'vehicle_risk_days',
  {
    tenantId: tenantId(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    day: date('day', { mode: 'string' }).notNull(),
    modelVersion: integer('model_version').notNull(),
    /** 0–1. */
    probability: doublePrecision('probability').notNull(),
    confidence: doublePrecision('confidence').notNull(),
    /** The features pushing it up the most (`TKeyFactor[]`). */
    factors: jsonb('factors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.vehicleId] })],
);

/**
 * A vehicle's alert (issue 27 item 7): its probability above the high-risk line, or a service
 * overdue. Open while `cleared_at` is null, one a vehicle and kind; `key` says what it is about (a
 * different one is a new alert).
 */
export const vehicleAlerts = pgTable(
  'vehicle_alerts',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    message: text('message').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    seen: boolean('seen').notNull().default(false),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('vehicle_alerts_open_idx')
      .on(t.tenantId, t.vehicleId, t.kind)
      .where(sql`${t.clearedAt} is null`),
    index('vehicle_alerts_tenant_raised_idx').on(t.tenantId, t.raisedAt.desc(), t.id.desc()),
  ],
);
