// `npm test`: every check the project has, in the order that keeps both cores busy. The type check,
// the lint and the build need nothing of each other and run at once (each mostly on one core); then
// the unit and integration tests (scripts/test-unit.mjs), then the browser tests against the build.
// A step's output is printed whole when it ends, so parallel steps never interleave; the times of
// every step end the run.
import { spawn } from 'node:child_process';

const began = Date.now();
const times = [];

/** Runs `npm run <script>`; resolves with its exit code once it ends, its output printed whole (or streamed). */
function run(script, { stream = false } = {}) {
  const start = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - start) / 1000);
      times.push({ script, seconds, code: code ?? 1 });
      if (!stream)
        console.log(`\n== npm run ${script} (${seconds} s, exit ${code}) ==\n${Buffer.concat(chunks)}`);
      resolve(code ?? 1);
    });
  });
}

function finish(code) {
  console.log('\n== npm test: times ==');
  for (const t of times)
    console.log(`  ${t.code === 0 ? 'passed' : 'FAILED'}  ${String(t.seconds).padStart(5)} s  ${t.script}`);
  console.log(`  total ${Math.round((Date.now() - began) / 1000)} s`);
  process.exit(code);
}

const first = await Promise.all(['typecheck', 'lint', 'build'].map((script) => run(script)));
if (first.some((code) => code !== 0)) finish(1);
if ((await run('test:unit', { stream: true })) !== 0) finish(1);
finish(await run('test:e2e', { stream: true }));
