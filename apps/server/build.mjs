// Bundles the server into dist/main.js. npm dependencies stay external (installed by npm);
// the workspace packages, which ship TypeScript source, are bundled in. The route solver's worker
// thread is a second entry, dist/worker.js, and the risk model's training a third,
// dist/risk-worker.js: the bundle starts them beside itself.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@fleet/'));

await build({
  entryPoints: {
    main: 'src/main.ts',
    worker: '../../packages/routing/src/worker.ts',
    'risk-worker': '../../packages/risk/src/worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
