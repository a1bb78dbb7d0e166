// Unit and integration tests: everything on the embedded database, then the server's tests
// again on PostgreSQL when TEST_DATABASE_URL names a server.
import { spawnSync } from 'node:child_process';

const run = (args, env) => {
  const result = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
console.log('\n== Unit and integration tests (embedded database) ==');
run([], withoutPostgres);
if (TEST_DATABASE_URL) {
  console.log('\n== Server integration tests again on PostgreSQL (TEST_DATABASE_URL) ==');
  run(['--project', 'server'], process.env);
}
