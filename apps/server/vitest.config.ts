import { defineConfig } from 'vitest/config';

/**
 * Test files that replace one of the server's modules (`vi.mock`): they need a module graph of their
 * own, so they run in the `server-own-modules` project (vitest.own-modules.config.ts).
 */
export const OWN_MODULES = ['src/modules/drivers/import.test.ts'];

/** What both server projects share. */
export const serverTests = {
  environment: 'node' as const,
  // The demo (seed and simulated history) is made once a run, and copied for each file.
  globalSetup: ['src/test/global-setup.ts'],
  // Each file builds its own app on its own database; PGlite start-up and scrypt need some headroom,
  // the more as CI runs both databases' tests beside the browser tests on two cores (a bound on a
  // hung test, not a speed target).
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  test: {
    ...serverTests,
    name: 'server',
    include: ['src/**/*.test.ts'],
    exclude: OWN_MODULES,
    // The files share one module graph per worker: each builds its own app on its own copy of the
    // demo, and none keeps state in a module, so loading the server's modules once per worker
    // rather than once per file saves a couple of seconds a file.
    isolate: false,
  },
});
