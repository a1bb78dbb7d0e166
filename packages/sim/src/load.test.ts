import { describe, expect, it } from 'vitest';
import type { TTransportRequest } from './client.ts';
import { loadFleet } from './load.ts';

describe('loadFleet', () => {
  it('sends a fix from every device every interval, spread over it, and reports latencies and failures', async () => {
    const requests: { at: number; request: TTransportRequest }[] = [];
    const result = await loadFleet({
      transport: async (request) => {
        requests.push({ at: Date.now(), request });
        // One device's tracker id is unknown to the server.
        return request.path.includes('id=ghost')
          ? { status: 400, body: '{"responseMessage":"Unknown tracker"}' }
          : { status: 200, body: '' };
      },
      protocol: 'osmand',
      deviceIds: ['a', 'b', 'c', 'ghost'],
      intervalSeconds: 1,
      durationSeconds: 2,
    });
    expect(result).toMatchObject({ devices: 4, sent: 8, ok: 6, failed: 2 });
    expect(result.errors['400']).toEqual({ count: 2, message: 'GET /api/osmand → 400 Unknown tracker' });
    expect(result.latencyMs.p50).toBeGreaterThanOrEqual(0);
    expect(result.latencyMs.p99).toBeLessThan(1000);
    // Spread: the four devices' first fixes a quarter of a second apart, not all at once.
    const first = requests.slice(0, 4).map((r) => r.at - requests[0]!.at);
    expect(first[3]).toBeGreaterThanOrEqual(600);
    // Each device moves along its loop: two different places a second apart.
    const a = requests
      .filter((r) => r.request.path.includes('id=a&'))
      .map((r) => new URLSearchParams(r.request.path.split('?')[1]));
    expect(a).toHaveLength(2);
    expect(a[0]!.get('lat') !== a[1]!.get('lat') || a[0]!.get('lon') !== a[1]!.get('lon')).toBe(true);
    expect(Number(a[1]!.get('timestamp')) - Number(a[0]!.get('timestamp'))).toBe(1);
  });
});
