import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_MONTHLY_SINCE_KEY, MESSAGES, type TFinanceRun } from '@fleet/contract';
import { financeRuns } from '../../db/schema/index.ts';
import { createMailer, type Mailer } from '../../platform/mail.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';
import { runMonthlyFinance, type TFinanceRunDeps } from './service.ts';

/*
 * The monthly finance run as a finance admin sees it: the setting on /settings, the e-mail in the
 * outbox on the 1st, and the runs listed with their results. The clock is the `now` each tick is
 * given (the job passes the real time); nothing waits.
 */

let t: TestApp;
const cookies: Record<'delivery' | 'school' | 'namat', string> = { delivery: '', school: '', namat: '' };
const ZONE = 'Asia/Dubai'; // the demo tenants' time zone (the default)
const SAVE = '/api/tenant-settings/save-all';
const RUNS = '/api/v1/finance-runs';

// The month the demo's trips are in, and the 1st after it on the tenants' clock.
const month = DateTime.now().setZone(ZONE).startOf('month');
const MONTH = month.toFormat('yyyy-MM');
const firstAt = (hour: number, minute = 0) => month.plus({ months: 1 }).set({ hour, minute }).toJSDate();
const plus = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
const utc = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

const finance = (tenant: keyof typeof cookies) => `payroll-${tenant}@finance.example`;

beforeAll(async () => {
  t = await createTestApp();
  cookies.delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
  cookies.school = await t.login(DEMO.school.email, DEMO.school.password);
  cookies.namat = await t.login(DEMO.namat.email, DEMO.namat.password);
});
afterAll(() => t.close());

const outboxMailer = (): Mailer => createMailer(t.config.mail);
const failingMailer: Mailer = {
  via: 'smtp',
  send: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.25:587')),
};
const runner = (mailer: Mailer = outboxMailer()): TFinanceRunDeps => ({
  db: t.database.db,
  publish: () => {},
  mail: { mailer, limits: t.config.mailLimits },
  log: t.app.log,
});

/** The e-mails in the outbox (tests set up no SMTP), oldest first, their folded headers unfolded. */
const outbox = () => {
  const dir = t.config.mail.outboxDir;
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .sort()
        .map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/\r?\n[ \t]+/g, ' '))
    : [];
};

async function settings(tenant: keyof typeof cookies) {
  const res = await call(t, cookies[tenant], 'GET', '/api/tenant-settings/get-settings');
  return new Map((res.body.data as { key: string; value: string }[]).map((s) => [s.key, s.value]));
}

async function runs(tenant: keyof typeof cookies): Promise<TFinanceRun[]> {
  const res = await t.app.inject({ method: 'GET', url: RUNS, headers: { cookie: cookies[tenant] } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: TFinanceRun[] }).data;
}

const turnOn = (tenant: keyof typeof cookies, type: '1' | '2') =>
  call(t, cookies[tenant], 'POST', SAVE, {
    data: [
      { key: 'finance_email', value: finance(tenant) },
      { key: 'finance_monthly_send', value: 'true' },
      { key: 'finance_monthly_type', value: type },
    ],
  });

describe("the setting: e-mail last month's finance summary on the 1st", () => {
  it('is off by default and cannot be turned on without a finance e-mail', async () => {
    const before = await settings('namat');
    expect(before.get('finance_monthly_send') ?? 'false').toBe('false');
    const res = await call(t, cookies.namat, 'POST', SAVE, {
      data: [
        { key: 'finance_email', value: '' },
        { key: 'finance_monthly_send', value: 'true' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.responseMessage).toBe(MESSAGES.settings.financeMonthlyNeedsEmail);
    // Nothing of the refused save was written.
    expect(await settings('namat')).toEqual(before);
  });

  it('refuses a file type other than PDF or Excel, and a value other than true or false', async () => {
    const type = await call(t, cookies.namat, 'POST', SAVE, {
      data: [{ key: 'finance_monthly_type', value: '3' }],
    });
    expect(type.status).toBe(400);
    expect(type.body.responseMessage).toBe(MESSAGES.settings.financeMonthlyTypeInvalid);
    const flag = await call(t, cookies.namat, 'POST', SAVE, {
      data: [{ key: 'finance_monthly_send', value: 'yes' }],
    });
    expect(flag.status).toBe(400);
    expect(flag.body.responseMessage).toBe(MESSAGES.settings.booleanInvalid('finance_monthly_send'));
  });

  it('turns on with a finance e-mail, records since when, and keeps the address from being cleared', async () => {
    const on = await turnOn('namat', '1');
    expect(on.status).toBe(200);
    const saved = await settings('namat');
    expect(saved.get('finance_monthly_send')).toBe('true');
    expect(saved.get('finance_monthly_type')).toBe('1');
    const since = Date.parse(saved.get(FINANCE_MONTHLY_SINCE_KEY) ?? '');
    expect(Math.abs(since - Date.now())).toBeLessThan(60_000);

    const cleared = await call(t, cookies.namat, 'POST', SAVE, {
      data: [{ key: 'finance_email', value: '' }],
    });
    expect(cleared.status).toBe(400);
    expect(cleared.body.responseMessage).toBe(MESSAGES.settings.financeMonthlyNeedsEmail);
    expect((await settings('namat')).get('finance_email')).toBe(finance('namat'));

    // A client cannot set when it was turned on.
    const forged = await call(t, cookies.namat, 'POST', SAVE, {
      data: [{ key: FINANCE_MONTHLY_SINCE_KEY, value: '2000-01-01T00:00:00.000Z' }],
    });
    expect(forged.status).toBe(400);

    const off = await call(t, cookies.namat, 'POST', SAVE, {
      data: [{ key: 'finance_monthly_send', value: 'false' }],
    });
    expect(off.status).toBe(200);
  });
});

describe('the run on the 1st', () => {
  it('sends nothing for the month the setting was turned on in, whose run fell due before', async () => {
    expect((await turnOn('namat', '1')).status).toBe(200);
    const before = outbox().length;
    await runMonthlyFinance(runner(), new Date());
    expect(outbox().length).toBe(before);
    expect(await runs('namat')).toEqual([]);
    await call(t, cookies.namat, 'POST', SAVE, { data: [{ key: 'finance_monthly_send', value: 'false' }] });
  });

  it('sends nothing before 06:00 on the 1st, then exactly one e-mail with the file when two servers race', async () => {
    expect((await turnOn('delivery', '1')).status).toBe(200);
    const before = outbox().length;
    await runMonthlyFinance(runner(), firstAt(5, 59));
    expect(outbox().length).toBe(before);
    expect(await runs('delivery')).toEqual([]);

    const at = firstAt(6, 5);
    await Promise.all([runMonthlyFinance(runner(), at), runMonthlyFinance(runner(), at)]);
    const mails = outbox().slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatch(new RegExp(`^To: ${finance('delivery')}`, 'm'));
    expect(mail).toContain('Content-Type: application/pdf');
    expect(mail).toContain('Content-Disposition: attachment');

    const [run, ...others] = await runs('delivery');
    expect(others).toEqual([]);
    expect(run).toMatchObject({
      month: MONTH,
      fdate: month.toISODate(),
      tdate: month.endOf('month').toISODate(),
      status: 'outbox',
      type: 1,
      recipient: finance('delivery'),
      reason: null,
      attempts: 1,
      next_attempt_date: null,
    });
    expect(run!.file_name).toMatch(/\.pdf$/);
    expect(mail).toContain(run!.file_name!);
  });

  it('sends nothing on a second tick the same month, nor on the 2nd', async () => {
    const before = outbox().length;
    await runMonthlyFinance(runner(), firstAt(7));
    await runMonthlyFinance(runner(), plus(firstAt(6, 5), 24 * 60));
    expect(outbox().length).toBe(before);
    expect(await runs('delivery')).toHaveLength(1);
  });

  it('catches up later in the month when the server was down on the 1st, once, and tries a failed send again', async () => {
    expect((await turnOn('school', '2')).status).toBe(200);
    const before = outbox().length;
    const later = plus(firstAt(9), 14 * 24 * 60);
    await runMonthlyFinance(runner(failingMailer), later);
    let [run] = await runs('school');
    expect(run).toMatchObject({ month: MONTH, status: 'failed', attempts: 1, recipient: finance('school') });
    expect(run!.reason).toMatch(/mail server did not take the e-mail/);
    // The server's own details stay in its log.
    expect(run!.reason).not.toContain('10.0.0.25');
    expect(run!.next_attempt_date).toBe(utc(plus(later, 15)));

    // Not before the retry is due.
    await runMonthlyFinance(runner(), plus(later, 5));
    expect((await runs('school'))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(outbox().length).toBe(before);

    await runMonthlyFinance(runner(), plus(later, 16));
    await runMonthlyFinance(runner(), plus(later, 120));
    const mails = outbox().slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(new RegExp(`^To: ${finance('school')}`, 'm'));
    expect(mails[0]).toContain(
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    [run] = await runs('school');
    expect(run).toMatchObject({
      status: 'outbox',
      type: 2,
      attempts: 2,
      reason: null,
      next_attempt_date: null,
    });
    expect(run!.file_name).toMatch(/\.xlsx$/);
  });

  it('gives up after four failed attempts, spaced out, and lists the last reason', async () => {
    // Turned on again: since when is now, before this month's 1st.
    expect((await turnOn('namat', '1')).status).toBe(200);
    const at = firstAt(6, 30);
    const attempts = [at, plus(at, 15), plus(at, 15 + 60), plus(at, 15 + 60 + 360)];
    for (const [i, when] of attempts.entries()) {
      // A tick just before the retry is due does nothing.
      if (i > 0) await runMonthlyFinance(runner(failingMailer), plus(when, -1));
      expect((await runs('namat'))[0]?.attempts ?? 0).toBe(i);
      await runMonthlyFinance(runner(failingMailer), when);
    }
    await runMonthlyFinance(runner(), plus(at, 3 * 24 * 60));
    const [run] = await runs('namat');
    expect(run).toMatchObject({ month: MONTH, status: 'failed', attempts: 4, next_attempt_date: null });
    expect(run!.reason).toMatch(/mail server did not take the e-mail/);
  });

  it('takes over a month whose server stopped while sending, once 30 minutes passed', async () => {
    // Next month's run, left `sending` by servers that stopped: one with attempts left, one without.
    const next = month.plus({ months: 1 });
    const due = next.plus({ months: 1 }).set({ hour: 6, minute: 10 }).toJSDate();
    const claimedAt = plus(due, -10);
    await t.database.db.insert(financeRuns).values([
      {
        tenantId: DEMO.delivery.tenantId,
        month: next.toFormat('yyyy-MM'),
        status: 'sending',
        fileType: 1,
        recipient: finance('delivery'),
        attempts: 1,
        claimedAt,
      },
      {
        tenantId: DEMO.school.tenantId,
        month: next.toFormat('yyyy-MM'),
        status: 'sending',
        fileType: 2,
        recipient: finance('school'),
        attempts: 4,
        claimedAt,
      },
    ]);
    await runMonthlyFinance(runner(), due);
    expect((await runs('delivery'))[0]).toMatchObject({ status: 'sending', attempts: 1 });
    expect((await runs('school'))[0]).toMatchObject({ status: 'sending', attempts: 4 });

    await runMonthlyFinance(runner(), plus(claimedAt, 31));
    // Taken up again (nobody worked next month yet, so it is skipped).
    expect((await runs('delivery'))[0]).toMatchObject({ status: 'skipped', attempts: 2 });
    const [school] = await runs('school');
    expect(school).toMatchObject({ status: 'failed', attempts: 4, next_attempt_date: null });
    expect(school!.reason).toMatch(/server stopped while sending/);
  });

  it('skips a month nobody worked in, saying why', async () => {
    const next = month.plus({ months: 1 });
    // Next month holds no worked time yet: its run is skipped with the reason, not failed.
    await runMonthlyFinance(runner(failingMailer), next.plus({ months: 1 }).set({ hour: 8 }).toJSDate());
    const [latest] = await runs('namat');
    expect(latest).toMatchObject({ month: next.toFormat('yyyy-MM'), status: 'skipped', attempts: 1 });
    expect(latest!.reason).toMatch(/^No .+ worked in /);
  });
});

describe('GET /api/v1/finance-runs', () => {
  it("answers the caller's tenant's runs only, the newest month first", async () => {
    const delivery = await runs('delivery');
    expect(delivery.map((r) => r.recipient)).toEqual([finance('delivery'), finance('delivery')]);
    const namat = await runs('namat');
    expect(namat.map((r) => r.recipient)).toEqual([finance('namat'), finance('namat')]);
    expect(namat[0]!.month > namat[1]!.month).toBe(true);
  });

  it('pages, and refuses a bad page size with a clear 400', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `${RUNS}?page=2&page_size=1`,
      headers: { cookie: cookies.namat },
    });
    expect(page.json()).toMatchObject({
      success: true,
      data: [{ month: MONTH }],
      pagination: { total: 2, page: 2, page_size: 1 },
    });
    const bad = await t.app.inject({
      method: 'GET',
      url: `${RUNS}?page_size=0`,
      headers: { cookie: cookies.namat },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('page_size must be a whole number from 1 to 100');
  });
});
