// Unit and integration tests, in two steps that `npm test` (scripts/test.mjs) also runs on their own:
// - `clientTests`: the contract, the simulator, the route solver, the web app and the driver app, on
//   two workers (two cores). The component tests of the web app run apart from the server's: sharing two cores with
//   PGlite start-ups made their user-paced steps slow enough to miss their waits.
// - `serverTests`: the server's tests on the embedded database and, when TEST_DATABASE_URL names a
//   server, on PostgreSQL at the same time, one worker each.
// A run's output is printed whole when it ends, so parallel runs never interleave.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;

/**
 * Runs `command` with `args`; resolves with its exit code, its output (printed whole once it ends,
 * under `label`) and how long it took.
 */
export function runWhole(label, command, args, env = process.env) {
  const began = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
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

const vitest = (label, args, env) => runWhole(label, 'npx', ['vitest', 'run', ...args], env);

/**
 * The server's tests at a lower CPU priority (`nice`): `npm test` runs them beside the browser
 * tests, whose steps wait on pages with timeouts, while theirs only need to finish. The browser
 * tests take the cores when they need them; the server's tests fill the rest.
 */
const niceVitest = (label, args, env) =>
  runWhole(label, 'nice', ['-n', '10', 'npx', 'vitest', 'run', ...args], env);

/** The contract, simulator, route solver, risk model, web app and driver app tests. */
export const clientTests = () =>
  vitest(
    'Contract, simulator, route solver, risk model, web app and driver app tests',
    [
      '--project',
      'contract',
      '--project',
      'sim',
      '--project',
      'routing',
      '--project',
      'risk',
      '--project',
      'web',
      '--project',
      'driver',
      '--maxWorkers=2',
    ],
    withoutPostgres,
  );

/** The server's tests on the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set. */
export const serverTests = () =>
  Promise.all([
    niceVitest('Server tests (embedded database)', ['--project', 'server*'], withoutPostgres),
    ...(TEST_DATABASE_URL
      ? [
          niceVitest(
            'Server tests again on PostgreSQL (TEST_DATABASE_URL)',
            ['--project', 'server*'],
            process.env,
          ),
        ]
      : []),
  ]);

/** Prints each run's time and outcome; answers whether all passed. */
export function report(title, results) {
  console.log(`\n== ${title}: times ==`);
  for (const r of results)
    console.log(`  ${r.code === 0 ? 'passed' : 'FAILED'}  ${String(r.seconds).padStart(5)} s  ${r.label}`);
  return results.every((r) => r.code === 0);
}

// `npm run test:unit`: the two steps one after the other.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = [await clientTests()];
  if (results[0].code === 0) results.push(...(await serverTests()));
  process.exit(report('Unit and integration tests', results) ? 0 : 1);
}
