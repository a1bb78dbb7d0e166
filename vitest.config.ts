import { defineConfig } from 'vitest/config';

// One test run for the whole repository; each workspace keeps its own environment.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/sim', 'apps/server', 'apps/web', 'apps/driver'],
  },
});
