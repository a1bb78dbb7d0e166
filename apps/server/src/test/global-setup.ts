import type { TestProject } from 'vitest/node';
import { makeDemoSnapshot, type TDemoSnapshot } from './demo-snapshot.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's seeded demo, copied by `createTestApp` for each test file. */
    demoSnapshot: TDemoSnapshot;
  }
}

/**
 * The run's demo and how many server projects still use it. Both server projects (vitest.config.ts)
 * run this setup in the one main process, each in a module graph of its own: the demo is kept on
 * the process so it is made once, and removed after the last project's teardown.
 */
const shared = globalThis as typeof globalThis & {
  fleetTestDemo?: { made: ReturnType<typeof makeDemoSnapshot>; users: number };
};

/** Seeds the demo once for the whole server test run (test/demo-snapshot.ts). */
export default async function setup(project: TestProject) {
  shared.fleetTestDemo ??= { made: makeDemoSnapshot(), users: 0 };
  const demo = shared.fleetTestDemo;
  demo.users += 1;
  project.provide('demoSnapshot', (await demo.made).snapshot);
  return async () => {
    demo.users -= 1;
    if (demo.users > 0) return;
    shared.fleetTestDemo = undefined;
    await (await demo.made).remove();
  };
}
