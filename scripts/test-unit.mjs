// Unit and integration tests: the contract, the simulator, the web app and the driver app first, then the server's tests on the
// embedded database, then again on PostgreSQL when TEST_DATABASE_URL names a server. The component
// tests of the web app run apart from the server's: sharing two cores with PGlite start-ups made
// their user-paced steps slow enough to miss their waits.
import { spawnSync } from 'node:child_process';

const run = (args, env) => {
  const result = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
console.log('\n== Contract, simulator, web app and driver app tests ==');
run(
  ['--project', 'contract', '--project', 'sim', '--project', 'web', '--project', 'driver'],
  withoutPostgres,
);
console.log('\n== Server tests (embedded database) ==');
run(['--project', 'server'], withoutPostgres);
if (TEST_DATABASE_URL) {
  console.log('\n== Server integration tests again on PostgreSQL (TEST_DATABASE_URL) ==');
  run(['--project', 'server'], process.env);
}
