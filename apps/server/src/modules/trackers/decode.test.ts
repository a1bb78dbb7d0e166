import { afterEach, describe, expect, it, vi } from 'vitest';
import { basicPassword, decodeOsmAndJson, decodeOsmAndParams, decodeOwnTracks } from './decode.ts';
import { addressKey, refusalLimiter } from './refusals.ts';

/** The tracker protocols' decoding and the refusal limiter, apart from HTTP. */

const now = new Date('2026-11-27T10:00:00Z');

describe('decoding tracker reports', () => {
  it('reads decimal numbers only: 0x19, 0b1, Infinity and the like are no coordinates', () => {
    expect(decodeOsmAndParams({ id: 'x', lat: '25.2', lon: '-55.3e0' }, now).fixes[0]).toMatchObject({
      lat: 25.2,
      lon: -55.3,
    });
    for (const lat of ['0x19', '0b1', '0o7', 'Infinity', '1_000', '25,2', '.']) {
      expect(() => decodeOsmAndParams({ id: 'x', lat, lon: '55' }, now), lat).toThrow(/lat must be a number/);
    }
    expect(() => decodeOwnTracks({ _type: 'location', lat: '0x19', lon: 55, tst: 1 }, {})).toThrow(
      /lat must be a number/,
    );
  });

  it('refuses a Traccar Client JSON batch of more than 1,000 fixes', () => {
    const location = (n: number) =>
      Array.from({ length: n }, () => ({ coords: { latitude: 25, longitude: 55 } }));
    expect(decodeOsmAndJson({ device_id: 'x', location: location(1000) }, {}, now).fixes).toHaveLength(1000);
    expect(() => decodeOsmAndJson({ device_id: 'x', location: location(1001) }, {}, now)).toThrow(
      /1 to 1000 fixes/,
    );
  });

  it("takes OwnTracks' Tracker ID from the Basic password alone", () => {
    const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
    expect(basicPassword(basic('jane:s3cret-id'))).toBe('s3cret-id');
    expect(basicPassword(basic('jane:pass:with:colons'))).toBe('pass:with:colons');
    expect(basicPassword(basic('no-colon'))).toBeNull();
    expect(basicPassword(basic('jane:'))).toBeNull();
    expect(basicPassword('Bearer abc')).toBeNull();
    expect(basicPassword(undefined)).toBeNull();
    const message = { _type: 'location', lat: 25, lon: 55, tst: 1, topic: 'owntracks/a/b', tid: 'AB' };
    expect(decodeOwnTracks(message, { 'x-limit-u': 'a', 'x-limit-d': 'b' }).trackerId).toBeNull();
    expect(decodeOwnTracks(message, { authorization: basic('a:id-1') })).toMatchObject({
      trackerId: 'id-1',
      fixes: [{ attributes: { topic: 'owntracks/a/b', tid: 'AB' } }],
    });
    expect(decodeOwnTracks({ _type: 'lwt' }, { authorization: basic('a:id-1') })).toEqual({
      trackerId: 'id-1',
      fixes: [],
    });
  });
});

describe('the refusal limiter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts IPv4 addresses each, IPv4-mapped ones as IPv4, and IPv6 ones by their /64', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::a')).not.toBe(addressKey('2001:db8:1:2::a'));
  });

  it('holds an address back for the rest of its window once it used its allowance', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 });
    const limiter = refusalLimiter({ max: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('2001:db8::1')).toBeNull();
      limiter.refused(`2001:db8::${i + 1}`);
    }
    expect(limiter.retryAfter('2001:db8::ffff')).toBe(60);
    expect(limiter.retryAfter('2001:db9::1')).toBeNull();
    vi.setSystemTime(59_001);
    expect(limiter.retryAfter('2001:db8::1')).toBe(1);
    vi.setSystemTime(60_000);
    expect(limiter.retryAfter('2001:db8::1')).toBeNull();
  });
});
