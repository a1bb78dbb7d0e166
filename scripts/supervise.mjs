// Keeps one server process running for `npm start`: a process that exits unexpectedly is started
// again after a pause that doubles with each quick failure (1 s up to 30 s) and resets once a
// process has run a minute; each restart says why in the log. A clean exit (0), a refused
// configuration (78) or a stop asked for by a signal ends supervision with the same code.
import { spawn } from 'node:child_process';

export const EXIT_CONFIG = 78;

/**
 * @param {{
 *   command: string; args: string[]; options?: import('node:child_process').SpawnOptions;
 *   log?: (line: string) => void; firstDelayMs?: number; maxDelayMs?: number; stableMs?: number;
 * }} o
 * @returns {{ done: Promise<number>; stop(signal?: NodeJS.Signals): void; readonly restarts: number }}
 */
export function supervise(o) {
  const log = o.log ?? ((line) => console.error(line));
  const firstDelayMs = o.firstDelayMs ?? 1000;
  const maxDelayMs = o.maxDelayMs ?? 30_000;
  const stableMs = o.stableMs ?? 60_000;
  let delay = firstDelayMs;
  let child = null;
  let stopping = null;
  let timer = null;
  let restarts = 0;
  let finish;
  const done = new Promise((resolve) => (finish = resolve));

  const start = () => {
    const began = Date.now();
    child = spawn(o.command, o.args, { stdio: 'inherit', ...o.options });
    child.on('exit', (code, signal) => {
      child = null;
      if (stopping) return finish(code ?? 0);
      if (code === 0 || code === EXIT_CONFIG) return finish(code);
      if (Date.now() - began >= stableMs) delay = firstDelayMs;
      const why = signal ? `was ended by ${signal}` : `exited with code ${code}`;
      log(`The server ${why}; starting it again in ${Math.round(delay / 1000)} s (see its log above).`);
      restarts++;
      timer = setTimeout(start, delay);
      delay = Math.min(delay * 2, maxDelayMs);
    });
  };
  start();

  return {
    done,
    stop(signal = 'SIGTERM') {
      stopping = signal;
      clearTimeout(timer);
      if (child) child.kill(signal);
      else finish(0);
    },
    get restarts() {
      return restarts;
    },
  };
}
