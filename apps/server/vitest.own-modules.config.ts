import { defineConfig } from 'vitest/config';
import { OWN_MODULES, serverTests } from './vitest.config.ts';

/** The server's test files that replace one of its modules, each in a module graph of its own. */
export default defineConfig({
  test: { ...serverTests, name: 'server-own-modules', include: OWN_MODULES, isolate: true },
});
