import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, type TestApp } from '../test/app.ts';

const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(chunk.toString('utf8'));
    done();
  },
});

let t: TestApp;
let delivery: string;
beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'info', stream: sink } });
  delivery = await t.login(DEMO.delivery.email, DEMO.delivery.password);
});
afterAll(() => t.close());

describe('server log', () => {
  it('logs a failed query without its parameters: no password hash, no password, no cookie', async () => {
    // The database refuses every new driver, so the insert carrying the password hash fails.
    await t.database.db.execute(
      sql.raw(
        `create function refuse_driver() returns trigger language plpgsql as $$ begin raise exception 'drivers are closed'; end $$`,
      ),
    );
    await t.database.db.execute(
      sql.raw(
        'create trigger refuse_driver before insert on drivers for each row execute function refuse_driver()',
      ),
    );
    const password = 'unmistakable-secret-42';
    const res = await call(t, delivery, 'POST', '/api/driver/add-driver', {
      fname: 'Logged',
      lname: 'Never',
      email: 'logged.never@desert.example',
      password,
      bus_id: null,
      hourly_rate: 10,
      language: null,
    });
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toMatch(/insert|drivers are closed|scrypt/i);

    const log = lines.join('');
    expect(log).toContain('unhandled error');
    expect(log).toContain('drivers are closed');
    expect(log).not.toContain('scrypt$');
    expect(log).not.toContain(password);
    expect(log).not.toContain(delivery.split('=')[1]);
  });
});
