/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress, publicSiteDev } from './vite.plugins.ts';

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
        rolldownOptions: { input: { console: 'index.html', site: 'public-site.html' } },
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
