import type { TestProject } from 'vitest/node';
import { makeDemoSnapshot, type TDemoSnapshot } from './demo-snapshot.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's seeded demo, copied by `createTestApp` for each test file. */
    demoSnapshot: TDemoSnapshot;
  }
}

/** Seeds the demo once for the whole server test run (test/demo-snapshot.ts). */
export default async function setup(project: TestProject) {
  const { snapshot, remove } = await makeDemoSnapshot();
  project.provide('demoSnapshot', snapshot);
  return remove;
}
