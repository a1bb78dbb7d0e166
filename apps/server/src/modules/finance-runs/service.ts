import type { FastifyBaseLogger } from 'fastify';
import { DateTime } from 'luxon';
import {
  FINANCE_MONTHLY_SINCE_KEY,
  FINANCE_RUN_HOUR,
  REPORT_FILE_TYPES,
  toUtcString,
  type TFinanceRun,
  type TFinanceRunPage,
  type TFinanceRunStatus,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { systemContext, type TTenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { TPublish } from '../../platform/events.ts';
import { sendAllFinance, type TFinanceMail } from '../reports/service.ts';
import { tenantProfile, tenantSettings, tenantsWithSetting } from '../settings/service.ts';
import {
  claimFirstAttempt,
  claimRetry,
  findRun,
  finishRun,
  listRuns,
  type TFinanceRunRow,
} from './queries.ts';

/*
 * The monthly finance run (decision 0032). A tenant with `finance_monthly_send` on gets last
 * month's all-drivers finance summary e-mailed to its finance address from FINANCE_RUN_HOUR on the
 * 1st of each month, its own clock; a server that was down then sends it when it runs again that
 * month. Each (tenant, month) has one row, claimed atomically, so the month is sent once across
 * processes; a failed send is tried again after RETRY_DELAYS_MS, at most MAX_ATTEMPTS times.
 */

/** How often each server looks for a month to send. */
export const FINANCE_RUN_INTERVAL_MS = 10 * 60_000;
/** Waits before the 2nd, 3rd and 4th attempts of a failed month. */
export const RETRY_DELAYS_MS = [15 * 60_000, 60 * 60_000, 6 * 60 * 60_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** A run left `sending` this long had its server stop mid-send: it counts as a failed attempt. */
export const STALE_SENDING_MS = 30 * 60_000;

const ACTOR = 'monthly finance summary';
const STOPPED_WHILE_SENDING =
  'The server stopped while sending the e-mail, at the last attempt; send it from this page if it did not arrive.';

export interface TFinanceRunDeps {
  db: Db;
  publish: TPublish;
  mail: TFinanceMail;
  log: FastifyBaseLogger;
}

/** What a tick did, tenant by tenant (the job's log line). */
export interface TFinanceRunTick {
  sent: number;
  skipped: number;
  failed: number;
}

/** The tenant's monthly run setting: on with an address, the file type, since when. */
async function monthlySetting(ctx: TTenantContext) {
  const settings = new Map((await tenantSettings(ctx)).map((s) => [s.key, s.value.trim()]));
  const since = Date.parse(settings.get(FINANCE_MONTHLY_SINCE_KEY) ?? '');
  return {
    on: settings.get('finance_monthly_send') === 'true',
    email: settings.get('finance_email') || null,
    type: settings.get('finance_monthly_type') === '1' ? REPORT_FILE_TYPES.pdf : REPORT_FILE_TYPES.excel,
    since: Number.isNaN(since) ? null : since,
  };
}

/**
 * The month due at `now` on the tenant's clock: last month from FINANCE_RUN_HOUR on the 1st (the
 * month's last day is over by then) until the month ends; null before that hour on the 1st.
 */
export function dueMonth(now: Date, timeZone: string) {
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  const dueAt = local.startOf('month').set({ hour: FINANCE_RUN_HOUR });
  if (local < dueAt) return null;
  const month = local.minus({ months: 1 }).startOf('month');
  return {
    dueAt: dueAt.toJSDate(),
    month: month.toFormat('yyyy-MM'),
    fdate: month.toISODate()!,
    tdate: month.endOf('month').toISODate()!,
    label: month.setLocale('en').toFormat('LLLL yyyy'),
  };
}

/** Why an attempt failed, in words an admin can act on; the server log has the details. */
function failureReason(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return 'The mail server did not take the e-mail (the server log has the details).';
}

/**
 * Sends the tenant's due month when it is this caller's to send; answers what became of it, or
 * null when there was nothing to do.
 */
async function runTenant(
  deps: TFinanceRunDeps,
  tenantId: number,
  now: Date,
): Promise<TFinanceRunStatus | null> {
  const ctx = systemContext(deps.db, deps.publish, ACTOR, tenantId);
  const setting = await monthlySetting(ctx);
  if (!setting.on || !setting.email) return null;
  const profile = await tenantProfile(ctx);
  const due = dueMonth(now, profile.timeZone);
  // Months whose run fell due before the setting was turned on are never sent.
  if (!due || (setting.since !== null && setting.since > due.dueAt.getTime())) return null;
  const existing = await findRun(deps.db, tenantId, due.month);
  const claim = { tenantId, month: due.month, fileType: setting.type, recipient: setting.email, now };
  const staleBefore = new Date(now.getTime() - STALE_SENDING_MS);
  let run: TFinanceRunRow | undefined;
  if (!existing) run = await claimFirstAttempt(deps.db, claim);
  else if (
    existing.status === 'sending' &&
    existing.claimedAt < staleBefore &&
    existing.attempts >= MAX_ATTEMPTS
  ) {
    // Its server stopped during the last attempt: listed as failed rather than sending for ever.
    await finishRun(deps.db, existing, { status: 'failed', reason: STOPPED_WHILE_SENDING, now });
    return 'failed';
  } else if (existing.status === 'failed' || existing.status === 'sending')
    run = await claimRetry(deps.db, { ...claim, staleBefore, maxAttempts: MAX_ATTEMPTS });
  // Another process has it, or it is done, or its retry is not due.
  if (!run) return null;

  try {
    const sent = await sendAllFinance(ctx, deps.mail, {
      fdate: due.fdate,
      tdate: due.tdate,
      email: setting.email,
      type: setting.type,
      confirm_outside: false,
    });
    if (!sent) {
      const reason = `No ${profile.terms.driver.toLowerCase()} worked in ${due.label}.`;
      await finishRun(deps.db, run, { status: 'skipped', reason, now });
      return 'skipped';
    }
    const status = sent.via === 'smtp' ? 'sent' : 'outbox';
    await finishRun(deps.db, run, { status, fileName: sent.file_name, now });
    return status;
  } catch (error) {
    const retry = RETRY_DELAYS_MS[run.attempts - 1];
    const nextAttemptAt = retry === undefined ? null : new Date(now.getTime() + retry);
    deps.log.warn(
      { err: error, tenantId, month: due.month, attempt: run.attempts, retryAt: nextAttemptAt },
      "the monthly finance summary's e-mail failed",
    );
    await finishRun(deps.db, run, {
      status: 'failed',
      reason: failureReason(error),
      nextAttemptAt,
      now,
    });
    return 'failed';
  }
}

/**
 * One tick of the monthly finance run, every tenant with the setting on in turn. A tenant's
 * failure is logged with its context and never stops the others or escapes (issue 23).
 */
export async function runMonthlyFinance(deps: TFinanceRunDeps, now = new Date()): Promise<TFinanceRunTick> {
  const tick: TFinanceRunTick = { sent: 0, skipped: 0, failed: 0 };
  for (const tenantId of await tenantsWithSetting(deps.db, 'finance_monthly_send', 'true')) {
    try {
      const status = await runTenant(deps, tenantId, now);
      if (status === 'sent' || status === 'outbox') tick.sent++;
      else if (status === 'skipped') tick.skipped++;
      else if (status === 'failed') tick.failed++;
    } catch (err) {
      tick.failed++;
      deps.log.error({ err, tenantId, job: ACTOR }, 'the monthly finance run failed for a tenant');
    }
  }
  return tick;
}

const toApi = (r: TFinanceRunRow): TFinanceRun => {
  const month = DateTime.fromFormat(r.month, 'yyyy-MM', { zone: 'utc' });
  return {
    id: r.id,
    month: r.month,
    fdate: month.toISODate()!,
    tdate: month.endOf('month').toISODate()!,
    status: r.status as TFinanceRunStatus,
    type: r.fileType,
    recipient: r.recipient,
    file_name: r.fileName,
    reason: r.reason,
    attempts: r.attempts,
    next_attempt_date: r.nextAttemptAt ? toUtcString(r.nextAttemptAt) : null,
    created_date: toUtcString(r.createdDate),
    finished_date: r.finishedAt ? toUtcString(r.finishedAt) : null,
  };
};

/** `GET v1/finance-runs`: a page of the tenant's monthly runs, the newest month first. */
export async function financeRuns(
  ctx: TTenantContext,
  query: { page: number; page_size: number },
): Promise<TFinanceRunPage> {
  const { rows, total } = await listRuns(ctx.db, ctx.tenantId, query.page, query.page_size);
  return {
    success: true,
    data: rows.map(toApi),
    pagination: { total, page: query.page, page_size: query.page_size },
  };
}
