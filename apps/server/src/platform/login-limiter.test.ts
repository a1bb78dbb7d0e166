import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createLoginLimiter, paceMs, type LoginLimits } from './login-limiter.ts';

const LIMITS: LoginLimits = {
  maxFailuresPerAccount: 3,
  paceAccountAfter: 4,
  maxFailuresPerIp: 6,
  lockoutMs: 15 * 60_000,
  paceBaseMs: 1000,
  paceMaxMs: 30_000,
};

let t: TestApp;
let clock = Date.parse('2026-03-01T08:00:00Z');
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const limiter = () => createLoginLimiter(t.database.db, LIMITS, () => clock);

describe('paceMs', () => {
  it('starts at the base at the threshold, doubles with each failure and stops at the cap', () => {
    expect([4, 5, 6, 7, 8, 9, 10, 500].map((n) => paceMs(n, 4, LIMITS))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('login limiter', () => {
  it('paces an account failing from many addresses: one attempt per pause, the pause doubling to its cap', async () => {
    const l = limiter();
    for (let i = 0; i < 4; i++) await l.recordFailure('paced@example.com', `10.9.0.${i}`);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const refusal = await l.admit('paced@example.com', '10.9.1.1');
      expect(refusal?.reason).toBe('account');
      waits.push(refusal!.waitMs);
      // A refused attempt is not a failure: refused again, the wait only shrinks with time.
      clock += refusal!.waitMs - 1;
      expect((await l.admit('paced@example.com', '10.9.1.1'))?.waitMs).toBe(1);
      clock += 1;
      expect(await l.admit('paced@example.com', `10.9.2.${i}`)).toBeNull();
      await l.recordFailure('paced@example.com', `10.9.2.${i}`);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000]);
  });

  it('gives a paced slot to one of several simultaneous attempts', async () => {
    const l = limiter();
    for (let i = 0; i < 4; i++) await l.recordFailure('rush@example.com', `10.8.0.${i}`);
    clock += 1000;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => l.admit('rush@example.com', `10.8.1.${i}`)),
    );
    expect(answers.filter((a) => a === null)).toHaveLength(1);
    expect(answers.filter((a) => a?.reason === 'account')).toHaveLength(4);
  });

  it('locks an address out of an account for the lockout period, then lets it try again', async () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) await l.recordFailure('locked@example.com', '10.7.0.1');
    expect(await l.admit('locked@example.com', '10.7.0.1')).toEqual({
      reason: 'locked',
      waitMs: 15 * 60_000,
    });
    expect(await l.admit('locked@example.com', '10.7.0.2')).toBeNull();
    clock += 15 * 60_000;
    expect(await l.admit('locked@example.com', '10.7.0.1')).toBeNull();
    // A fresh window: one failure does not lock again.
    await l.recordFailure('locked@example.com', '10.7.0.1');
    expect(await l.admit('locked@example.com', '10.7.0.1')).toBeNull();
  });

  it('paces an address failing across accounts, and forgets it once the window has passed', async () => {
    const l = limiter();
    for (let i = 0; i < 6; i++) await l.recordFailure(`spray${i}@example.com`, '10.6.0.1');
    expect(await l.admit('someone@example.com', '10.6.0.1')).toEqual({ reason: 'address', waitMs: 1000 });
    expect(await l.admit('someone@example.com', '10.6.0.2')).toBeNull();
    clock += 15 * 60_000 + 1;
    expect(await l.admit('someone@example.com', '10.6.0.1')).toBeNull();
  });
});
