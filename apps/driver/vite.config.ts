/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../web/vite.plugins.ts';
import { designTokensCss } from '../../packages/contract/src/design-tokens.ts';

const API_ORIGIN = 'http://localhost:3000';
const BASE = '/driver/';

/**
 * Writes the service worker (src/sw.js) into the build with the list of this build's files and a
 * version made from them: it caches exactly these at install and drops the caches of older builds.
 * (What workbox's injectManifest does, in twenty lines: docs/decisions/driver-app-service-worker.md.)
 */
function shellWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'fleet:driver-shell-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const built = Object.keys(bundle).filter((name) => !name.endsWith('.map') && name !== 'index.html');
      const publicFiles = fs
        .readdirSync(publicDir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(publicDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
        );
      const files = [...built, ...publicFiles].sort().map((name) => `${BASE}${name}`);
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const source = fs
        .readFileSync(new URL('./src/sw.js', import.meta.url), 'utf8')
        .replace('__VERSION__', version)
        .replace('__SHELL__', JSON.stringify([BASE, ...files]));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

const TOKENS_MODULE = 'virtual:design-tokens.css';

/**
 * The product's design tokens (packages/contract/src/design-tokens.ts, the console's theme reads the
 * same) as CSS custom properties, a stylesheet made at build time: `import 'virtual:design-tokens.css'`.
 */
function designTokens(): Plugin {
  const resolved = `\0${TOKENS_MODULE}`;
  return {
    name: 'fleet:design-tokens',
    resolveId: (id) => (id === TOKENS_MODULE ? resolved : null),
    load: (id) => (id === resolved ? designTokensCss() : null),
  };
}

// The driver app: a small progressive web app served by the API server at /driver (apps/server
// platform/driver-app-web.ts). No UI library: plain React and CSS on the console's design tokens keep
// its first load light, and MapLibre loads only with a trip's stop map.
export default defineConfig({
  base: BASE,
  plugins: [react(), designTokens(), shellWorker(), precompress()],
  server: {
    port: 5174,
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  test: {
    name: 'driver',
    environment: 'node',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
