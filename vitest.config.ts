import { defineConfig } from 'vitest/config';

// One test run for the whole repository; each workspace keeps its own environment. The server has
// two projects (`server*`): most files share their modules, the few that replace one do not.
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/sim',
      'packages/routing',
      'packages/risk',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.own-modules.config.ts',
      'apps/web',
      'apps/driver',
    ],
  },
});
