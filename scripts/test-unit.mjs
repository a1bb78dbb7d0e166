// Unit and integration tests: the contract, the simulator, the web app and the driver app first, on
// two workers (two cores), then the server's tests on the embedded database and, when
// TEST_DATABASE_URL names a server, on PostgreSQL at the same time, one worker each. A run's output is
// printed whole when it ends, so the two never interleave. The component tests of the web app run
// apart from the server's: sharing two cores with PGlite start-ups made their user-paced steps slow
// enough to miss their waits.
import { spawn } from 'node:child_process';

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;

/** Runs vitest with `args`; resolves with its exit code, its output and how long it took. */
function vitest(label, args, env) {
  const began = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - began) / 1000);
      console.log(`\n== ${label} (${seconds} s, exit ${code}) ==\n${Buffer.concat(chunks).toString()}`);
      resolve({ label, code: code ?? 1, seconds });
    });
  });
}

const results = [];
results.push(
  await vitest(
    'Contract, simulator, web app and driver app tests',
    [
      '--project',
      'contract',
      '--project',
      'sim',
      '--project',
      'web',
      '--project',
      'driver',
      '--maxWorkers=2',
    ],
    withoutPostgres,
  ),
);
if (results[0].code === 0) {
  const server = [vitest('Server tests (embedded database)', ['--project', 'server*'], withoutPostgres)];
  if (TEST_DATABASE_URL) {
    server.push(
      vitest('Server tests again on PostgreSQL (TEST_DATABASE_URL)', ['--project', 'server*'], process.env),
    );
  }
  results.push(...(await Promise.all(server)));
}

console.log('\n== Unit and integration tests: times ==');
for (const r of results)
  console.log(`  ${r.code === 0 ? 'passed' : 'FAILED'}  ${String(r.seconds).padStart(5)} s  ${r.label}`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
