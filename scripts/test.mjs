// `npm test`: every check the project has, in the order that keeps both cores busy.
// 1. The type check, the lint and the build need nothing of each other and run at once (each
//    mostly on one core).
// 2. The contract, simulator, web app and driver app tests, on both cores (scripts/test-unit.mjs).
// 3. The server's tests (embedded database, and PostgreSQL when TEST_DATABASE_URL is set) beside
//    the browser tests against the build: the browser tests wait on pages and the server much of
//    the time, and the server's tests, at a lower CPU priority, fill that time.
// A step's output is printed whole when it ends, so parallel steps never interleave; the times of
// every step end the run.
import { clientTests, report, runWhole, serverTests } from './test-unit.mjs';

const began = Date.now();
const results = [];

/** Runs `npm run <script>`, its output printed whole once it ends. */
const run = (script) => runWhole(`npm run ${script}`, 'npm', ['run', '--silent', script]);

function finish() {
  const passed = report('npm test', results);
  console.log(`  total ${Math.round((Date.now() - began) / 1000)} s`);
  process.exit(passed ? 0 : 1);
}

results.push(...(await Promise.all(['typecheck', 'lint', 'build'].map((script) => run(script)))));
if (results.some((r) => r.code !== 0)) finish();
results.push(await clientTests());
if (results.some((r) => r.code !== 0)) finish();
const [server, browser] = await Promise.all([serverTests(), run('test:e2e')]);
results.push(...server, browser);
finish();
