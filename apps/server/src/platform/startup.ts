/**
 * What a starting server still does in the background once it answers: today the demo's history at
 * a first start (modules/simulation/history.ts). `/api/health` reports it, the console shows it.
 */
export interface TStartupWork {
  /** The demo's days being replayed and the share done (0 to 1); null when there is none. */
  demoHistory: { days: number; share: number } | null;
}

export const createStartupWork = (): TStartupWork => ({ demoHistory: null });
