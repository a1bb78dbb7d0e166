/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import { precompress, publicSiteDev } from './vite.plugins.ts';

/**
 * The side menu's icons, read from the one file that lists them (`app/shell/menu-icons.ts`). They go
 * into one chunk that every console page loads with the shell, instead of a small chunk per icon
 * shared with the pages that also show one. Only these leaf modules are moved
 * (`includeDependenciesRecursively: false`): each imports just the JSX runtime and `createSvgIcon`,
 * which the entry chunks hold and load first, so no chunk waits on another in a cycle.
 */
const SHELL_ICONS = new RegExp(
  `@mui/icons-material/esm/(${[
    ...fs
      .readFileSync(new URL('./src/app/shell/menu-icons.ts', import.meta.url), 'utf8')
      .matchAll(/@mui\/icons-material\/(\w+)'/g),
  ]
    .map((m) => m[1])
    .join('|')})\\.js$`,
);

const API_ORIGIN = 'http://localhost:3000';

// Two HTML entries: the console (index.html) and the public site's page shell (public-site.html),
// which the server fills with each public page rendered by the server entry (`vite build --ssr`,
// written to dist/ssr). The console talks to the API on the same origin: in development Vite
// proxies /api to the server, in production the server serves this build from apps/web/dist.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), publicSiteDev({ apiOrigin: API_ORIGIN }), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: API_ORIGIN, changeOrigin: false } },
  },
  preview: { port: 5173 },
  build: isSsrBuild
    ? { outDir: 'dist/ssr', emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: true,
        rolldownOptions: {
          input: { console: 'index.html', site: 'public-site.html' },
          output: {
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [{ name: 'shell-icons', test: SHELL_ICONS }],
            },
          },
        },
      },
  // The built server entry is self-contained: the API server loads it without the web app's
  // node_modules. The dev server loads packages from node_modules as usual.
  ssr: command === 'build' ? { noExternal: true } : {},
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 40_000,
  },
}));
