import ipaddr from 'ipaddr.js';

/*
 * Guessing Tracker IDs is slowed per client address: each refused report (an unknown id, an
 * unreadable report, alike) counts against the address that sent it, and once an address has used
 * its allowance every report from it is answered 429 until its window ends, known ids included, so
 * the 429 says nothing about which ids are known. An IPv6 client is counted by its /64: one
 * subscriber gets a whole /64, and could otherwise take a fresh address for each guess. Counted in
 * this process (a tracker sticks to one address, and a guesser gains at most the allowance once per
 * process).
 */

export interface TRefusalLimits {
  /** Refused reports an address may send in a window. */
  max: number;
  windowMs: number;
}

/** The key an address is counted by: an IPv4 address itself (IPv4-mapped IPv6 too), an IPv6 address's /64. */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address();
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}

/** Entries kept at most; past it, windows that ended are dropped, then the oldest. */
const MAX_KEYS = 100_000;

export interface RefusalLimiter {
  /** Seconds until the address may report again, or null when it may now. */
  retryAfter(ip: string): number | null;
  /** Counts a refused report of the address. */
  refused(ip: string): void;
}

/** A fixed window per address, starting at its first refusal. Reads the clock (`Date.now`) at each call. */
export function refusalLimiter(limits: TRefusalLimits): RefusalLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const current = (key: string, now: number) => {
    const w = windows.get(key);
    if (w && w.endsAt <= now) windows.delete(key);
    return w && w.endsAt > now ? w : undefined;
  };
  return {
    retryAfter(ip) {
      const now = Date.now();
      const w = current(addressKey(ip), now);
      return w && w.count >= limits.max ? Math.max(1, Math.ceil((w.endsAt - now) / 1000)) : null;
    },
    refused(ip) {
      const now = Date.now();
      const key = addressKey(ip);
      const w = current(key, now);
      if (w) {
        w.count++;
        return;
      }
      if (windows.size >= MAX_KEYS) {
        for (const [k, v] of windows) if (v.endsAt <= now) windows.delete(k);
        // Still full: the oldest windows go (a Map keeps insertion order).
        for (const k of windows.keys()) {
          if (windows.size < MAX_KEYS) break;
          windows.delete(k);
        }
      }
      windows.set(key, { count: 1, endsAt: now + limits.windowMs });
    },
  };
}
