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

  it('builds public addresses on PUBLIC_URL, by default the local port, and refuses one with a path', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://fleet.example.com/' }).publicUrl).toBe(
      'https://fleet.example.com',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'https://fleet.example.com/console' })).toThrowError(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://fleet.example.com' })).toThrowError(/PUBLIC_URL/);
  });
});
