import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'risk', environment: 'node', include: ['src/**/*.test.ts'] },
});
