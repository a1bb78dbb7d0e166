import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT_CONFIG, supervise } from '../../../scripts/supervise.mjs';

/*
 * `npm start` keeps the server running (scripts/supervise.mjs): a process that exits unexpectedly
 * is started again with a growing pause, and the log says why; a clean exit or a refused
 * configuration is not restarted.
 */

/** A stand-in server: counts its starts in a file, exits with the codes given in turn. */
function fakeServer(codes: number[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-supervise-'));
  const count = path.join(dir, 'starts');
  const script = `
    const fs = require('node:fs');
    const starts = fs.existsSync(${JSON.stringify(count)}) ? Number(fs.readFileSync(${JSON.stringify(count)}, 'utf8')) : 0;
    fs.writeFileSync(${JSON.stringify(count)}, String(starts + 1));
    const codes = ${JSON.stringify(codes)};
    process.exit(codes[Math.min(starts, codes.length - 1)]);
  `;
  return {
    command: process.execPath,
    args: ['-e', script],
    starts: () => Number(fs.readFileSync(count, 'utf8')),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

describe('npm start supervision', () => {
  it('starts a server that exited unexpectedly again, with a growing pause, saying why', async () => {
    const server = fakeServer([1, 1, 0]);
    const lines: string[] = [];
    const began = Date.now();
    const run = supervise({
      ...server,
      options: { stdio: 'ignore' },
      log: (l) => lines.push(l),
      firstDelayMs: 50,
    });
    expect(await run.done).toBe(0);
    expect(server.starts()).toBe(3);
    expect(run.restarts).toBe(2);
    expect(Date.now() - began).toBeGreaterThanOrEqual(150);
    expect(lines).toEqual([
      'The server exited with code 1; starting it again in 0 s (see its log above).',
      'The server exited with code 1; starting it again in 0 s (see its log above).',
    ]);
    server.remove();
  });

  it('does not restart a server that refused its configuration', async () => {
    const server = fakeServer([EXIT_CONFIG]);
    const run = supervise({ ...server, options: { stdio: 'ignore' }, log: () => {}, firstDelayMs: 10 });
    expect(await run.done).toBe(EXIT_CONFIG);
    expect(server.starts()).toBe(1);
    server.remove();
  });
});
