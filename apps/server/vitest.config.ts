import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // The demo (seed and simulated history) is made once a run, and copied for each file.
    globalSetup: ['src/test/global-setup.ts'],
    // Each file builds its own app on its own database; PGlite start-up and scrypt need some headroom.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
