// Starts the built product for the browser tests on a fresh embedded database (seeded with the demo).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-e2e-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  // The demo's history is simulated at the first start as for a newcomer; the live simulator stays
  // off, so nothing moves under the tests but what they do.
  env: { SIMULATE: 'false', ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
const stop = (signal) => server.kill(signal);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
server.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
