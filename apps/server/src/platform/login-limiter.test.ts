import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { addressBlock } from './address-block.ts';
import {
  createLoginLimiter,
  deleteExpiredDevices,
  DEVICE_TRUST_MS,
  paceMs,
  type LoginLimits,
} from './login-limiter.ts';

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
      const { refusal } = await l.admit('paced@example.com', '10.9.1.1');
      expect(refusal?.reason).toBe('account');
      waits.push(refusal!.waitMs);
      // A refused attempt is not a failure: refused again, the wait only shrinks with time.
      clock += refusal!.waitMs - 1;
      expect((await l.admit('paced@example.com', '10.9.1.1')).refusal?.waitMs).toBe(1);
      clock += 1;
      expect((await l.admit('paced@example.com', `10.9.2.${i}`)).refusal).toBeNull();
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
    expect(answers.filter((a) => a.refusal === null)).toHaveLength(1);
    expect(answers.filter((a) => a.refusal?.reason === 'account')).toHaveLength(4);
  });

  it('locks an address out of an account for the lockout period, then lets it try again', async () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) await l.recordFailure('locked@example.com', '10.7.0.1');
    expect((await l.admit('locked@example.com', '10.7.0.1')).refusal).toEqual({
      reason: 'locked',
      waitMs: 15 * 60_000,
    });
    expect((await l.admit('locked@example.com', '10.7.0.2')).refusal).toBeNull();
    clock += 15 * 60_000;
    expect((await l.admit('locked@example.com', '10.7.0.1')).refusal).toBeNull();
    // A fresh window: one failure does not lock again.
    await l.recordFailure('locked@example.com', '10.7.0.1');
    expect((await l.admit('locked@example.com', '10.7.0.1')).refusal).toBeNull();
  });

  it('paces an address failing across accounts, and forgets it once the window has passed', async () => {
    const l = limiter();
    for (let i = 0; i < 6; i++) await l.recordFailure(`spray${i}@example.com`, '10.6.0.1');
    expect((await l.admit('someone@example.com', '10.6.0.1')).refusal).toEqual({
      reason: 'address',
      waitMs: 1000,
    });
    expect((await l.admit('someone@example.com', '10.6.0.2')).refusal).toBeNull();
    clock += 15 * 60_000 + 1;
    expect((await l.admit('someone@example.com', '10.6.0.1')).refusal).toBeNull();
  });

  it('counts an IPv6 client by its /64: new addresses in the same network are the same client', async () => {
    const l = limiter();
    for (const ip of ['2001:db8:7:8::1', '2001:db8:7:8::2', '2001:db8:7:8:abcd:ef01:2345:6789'])
      await l.recordFailure('v6@example.com', ip);
    expect((await l.admit('v6@example.com', '2001:db8:7:8:ffff:1:2:3')).refusal?.reason).toBe('locked');
    // Another network is another client; an IPv4 address seen through IPv6 is the IPv4 address.
    expect((await l.admit('v6@example.com', '2001:db8:7:9::1')).refusal).toBeNull();
    for (let i = 0; i < 3; i++) await l.recordFailure('v4@example.com', '::ffff:10.5.0.1');
    expect((await l.admit('v4@example.com', '10.5.0.1')).refusal?.reason).toBe('locked');
  });
});

describe('addressBlock', () => {
  it('keys IPv4 by the address, IPv6 by its /64, and mapped IPv4 as IPv4', () => {
    expect(addressBlock('203.0.113.9')).toBe('203.0.113.9');
    expect(addressBlock('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressBlock('2001:0db8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(addressBlock('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressBlock('not an address')).toBe('not an address');
  });
});

describe('browsers known to an account (device cookies)', () => {
  it("lets the owner's known browser in at once while attackers hold every paced slot", async () => {
    const l = limiter();
    expect((await l.admit('owner@example.com', '10.4.0.1')).refusal).toBeNull();
    const device = await l.recordSuccess('owner@example.com', '10.4.0.1');
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Attackers from many addresses fail until the account is paced, then keep claiming each slot.
    for (let i = 0; i < 4; i++) await l.recordFailure('owner@example.com', `10.4.1.${i}`);
    for (let round = 0; round < 10; round++) {
      clock += 30_000;
      const attacker = await l.admit('owner@example.com', `10.4.2.${round}`);
      if (attacker.refusal === null) await l.recordFailure('owner@example.com', `10.4.2.${round}`);
      // A client the account does not know waits, whatever its address…
      expect((await l.admit('owner@example.com', '10.4.0.1')).refusal?.reason).toBe('account');
      // …the owner's known browser never does.
      const owner = await l.admit('owner@example.com', '10.4.0.1', device);
      expect(owner).toEqual({ refusal: null, device: expect.any(String) });
    }
    // The browser is known to this account only, and a made-up token is no browser at all.
    expect((await l.admit('Owner@Example.com', '10.4.0.1', device)).refusal).toBeNull();
    expect(await l.admit('other@example.com', '10.4.0.1', device)).toEqual({ refusal: null, device: null });
    expect((await l.admit('owner@example.com', '10.4.0.1', 'x'.repeat(43))).refusal?.reason).toBe('account');
  });

  it('locks a known browser out of the account after its own failures, and no one else', async () => {
    const l = limiter();
    const device = await l.recordSuccess('shared@example.com', '10.3.0.1');
    for (let i = 0; i < 3; i++) {
      const admitted = await l.admit('shared@example.com', '10.3.0.1', device);
      expect(admitted.refusal).toBeNull();
      await l.recordFailure('shared@example.com', '10.3.0.1', admitted.refusal ? null : admitted.device);
    }
    expect((await l.admit('shared@example.com', '10.3.0.1', device)).refusal).toEqual({
      reason: 'locked',
      waitMs: 15 * 60_000,
    });
    // Its failures were its own: the account is not paced, the address not locked for others.
    expect((await l.admit('shared@example.com', '10.3.0.1')).refusal).toBeNull();
    clock += 15 * 60_000;
    expect((await l.admit('shared@example.com', '10.3.0.1', device)).refusal).toBeNull();
  });

  it('forgets a browser once its trust has expired', async () => {
    const l = limiter();
    const device = await l.recordSuccess('away@example.com', '10.2.0.1');
    for (let i = 0; i < 4; i++) await l.recordFailure('away@example.com', `10.2.1.${i}`);
    clock += DEVICE_TRUST_MS + 1;
    // The failures' window has passed too: the browser is simply a stranger again, as is any other.
    expect(await l.admit('away@example.com', '10.2.0.1', device)).toEqual({ refusal: null, device: null });
    await deleteExpiredDevices(t.database.db, clock);
    expect(await l.recordSuccess('away@example.com', '10.2.0.1', device)).toBe(device);
  });
});
