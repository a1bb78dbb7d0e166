import type { SpawnOptions } from 'node:child_process';

export declare const EXIT_CONFIG: 78;

export declare function supervise(o: {
  command: string;
  args: string[];
  options?: SpawnOptions;
  log?: (line: string) => void;
  firstDelayMs?: number;
  maxDelayMs?: number;
  stableMs?: number;
}): { done: Promise<number>; stop(signal?: NodeJS.Signals): void; readonly restarts: number };
