import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('defaults to port 3000 on the embedded database under ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
  });

  it('names every bad variable in one clear message', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x/y', SEED_DEMO: 'maybe' }),
    ).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x/y' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must be a postgres/);
    }
  });

  it('reads PostgreSQL and the demo switch', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/fleet', SEED_DEMO: 'true' });
    expect(config.databaseUrl).toBe('postgres://u@localhost:5432/fleet');
    expect(config.seedDemo).toBe(true);
  });

  it('runs the fleet simulator by default on the embedded database only, unless SIMULATE says otherwise', () => {
    expect(loadConfig({}).simulate).toBe(true);
    expect(loadConfig({ SIMULATE: 'false' }).simulate).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/fleet' }).simulate).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/fleet', SIMULATE: 'true' }).simulate).toBe(
      true,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).simulate).toBe(false);
    expect(() => loadConfig({ SIMULATE: 'sometimes' })).toThrowError(/SIMULATE/);
    expect(loadConfig({}).demoHistoryDays).toBe(30);
    expect(loadConfig({ DEMO_HISTORY_DAYS: '0' }).demoHistoryDays).toBe(0);
    expect(() => loadConfig({ DEMO_HISTORY_DAYS: '31' })).toThrowError(/DEMO_HISTORY_DAYS/);
  });

  it("draws maps on OpenFreeMap's street style unless MAP_STYLE_URL names another, or `none` for the plain background", () => {
    expect(loadConfig({}).maps.styleUrl).toBe('https://tiles.openfreemap.org/styles/liberty');
    expect(loadConfig({ MAP_STYLE_URL: '' }).maps.styleUrl).toBe(
      'https://tiles.openfreemap.org/styles/liberty',
    );
    expect(loadConfig({ MAP_STYLE_URL: 'none' }).maps.styleUrl).toBeUndefined();
    expect(loadConfig({ MAP_STYLE_URL: 'https://maps.example.com/style.json' }).maps.styleUrl).toBe(
      'https://maps.example.com/style.json',
    );
    expect(() => loadConfig({ MAP_STYLE_URL: 'streets please' })).toThrowError(/MAP_STYLE_URL/);
  });

  it('builds public addresses on PUBLIC_URL, by default the local port, and refuses one with a path', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://fleet.example.com/' }).publicUrl).toBe(
      'https://fleet.example.com',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'https://fleet.example.com/console' })).toThrowError(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://fleet.example.com' })).toThrowError(/PUBLIC_URL/);
  });

  it('cuts slow clients by default, and takes longer times and another cap from the environment', () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 20_000,
      bodyTimeoutMs: 30_000,
      uploadTimeoutMs: 300_000,
      idleTimeoutMs: 120_000,
      keepAliveTimeoutMs: 72_000,
      connectionsPerAddress: 100,
    });
    const tuned = loadConfig({
      HTTP_HEADERS_TIMEOUT_SECONDS: '10',
      HTTP_BODY_TIMEOUT_SECONDS: '15',
      HTTP_UPLOAD_TIMEOUT_SECONDS: '600',
      HTTP_CONNECTIONS_PER_ADDRESS: '500',
    }).http;
    expect(tuned).toMatchObject({
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 15_000,
      uploadTimeoutMs: 600_000,
      connectionsPerAddress: 500,
    });
    expect(() => loadConfig({ HTTP_BODY_TIMEOUT_SECONDS: '0' })).toThrowError(/HTTP_BODY_TIMEOUT_SECONDS/);
    expect(() =>
      loadConfig({ HTTP_BODY_TIMEOUT_SECONDS: '60', HTTP_UPLOAD_TIMEOUT_SECONDS: '30' }),
    ).toThrowError(/HTTP_UPLOAD_TIMEOUT_SECONDS/);
    expect(loadConfig({}).mailLimits).toEqual({ perAdminPerHour: 30, perTenantPerHour: 100 });
  });
});
