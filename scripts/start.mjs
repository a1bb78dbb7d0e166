// `npm start`: builds the web app, the driver app and the server when a build is missing or older than its
// sources, then runs one process serving the public site, the console, the driver app and the API.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supervise } from './supervise.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const contract = newestMtime(at('packages/contract/src'));

const builds = [
  {
    workspace: 'apps/web',
    output: at('apps/web/dist/index.html'),
    sources: [
      at('apps/web/src'),
      at('apps/web/index.html'),
      at('apps/web/public-site.html'),
      at('apps/web/public'),
    ],
  },
  {
    workspace: 'apps/driver',
    output: at('apps/driver/dist/index.html'),
    sources: [
      at('apps/driver/src'),
      at('apps/driver/index.html'),
      at('apps/driver/public'),
      at('apps/driver/scripts'),
      at('apps/driver/vite.config.ts'),
    ],
  },
  {
    workspace: 'apps/server',
    output: at('apps/server/dist/main.js'),
    // The server bundle carries the fleet simulator too.
    sources: [at('apps/server/src'), at('packages/sim/src')],
  },
];
for (const { workspace, output, sources } of builds) {
  const newestSource = Math.max(
    contract,
    ...sources.map((s) =>
      fs.statSync(s, { throwIfNoEntry: false })?.isDirectory() ? newestMtime(s) : mtime(s),
    ),
  );
  if (mtime(output) >= newestSource) continue;
  console.log(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const env = { NODE_ENV: 'production', ...process.env };
if (process.stdout.isTTY && env.LOG_PRETTY === undefined) env.LOG_PRETTY = 'true';

// One server process, started again with backoff should it ever exit unexpectedly.
const server = supervise({
  command: process.execPath,
  args: ['--enable-source-maps', at('apps/server/dist/main.js')],
  options: { cwd: root, env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.stop(signal));
process.exitCode = await server.done;
