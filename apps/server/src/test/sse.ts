/*
 * A small Server-Sent Events client for tests: opens a stream over real HTTP (an event stream never
 * ends, so `app.inject` cannot read one) and hands over its frames as they arrive.
 */

export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  retry?: number;
  /** A comment line (`: keep-alive`). */
  comment?: string;
}

export interface TestStream {
  status: number;
  headers: Headers;
  /** Every frame received so far, in order. */
  frames: SseFrame[];
  /** The next frame (after those already taken) matching `test`; earlier non-matching ones are passed over. */
  next(test?: (frame: SseFrame) => boolean): Promise<SseFrame>;
  /** The first frame received, so far or later, matching `test` (whatever `next` has taken). */
  find(test: (frame: SseFrame) => boolean): Promise<SseFrame>;
  /** Resolves once the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Parses one frame's lines (the text between two blank lines) as the EventSource algorithm does. */
export function parseFrame(block: string): SseFrame {
  const frame: SseFrame = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      frame.comment = line.slice(1).trim();
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
    else if (field === 'id') frame.id = value;
    else if (field === 'event') frame.event = value;
    else if (field === 'retry') frame.retry = Number(value);
  }
  return frame;
}

export async function openTestStream(url: string, headers: Record<string, string> = {}): Promise<TestStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const frames: SseFrame[] = [];
  const waiters = new Set<() => void>();
  let cursor = 0;
  let done = false;
  let resolveEnded = () => {};
  const ended = new Promise<void>((resolve) => (resolveEnded = resolve));

  void (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          frames.push(parseFrame(buffer.slice(0, end)));
          buffer = buffer.slice(end + 2);
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // aborted by close()
    }
    done = true;
    for (const wake of waiters) wake();
    resolveEnded();
  })();

  return {
    status: res.status,
    headers: res.headers,
    frames,
    next(test = () => true) {
      return new Promise((resolve, reject) => {
        const look = () => {
          while (cursor < frames.length) {
            const frame = frames[cursor++]!;
            if (test(frame)) {
              waiters.delete(look);
              return resolve(frame);
            }
          }
          if (done) {
            waiters.delete(look);
            reject(new Error(`the stream ended; frames seen: ${JSON.stringify(frames)}`));
          }
        };
        waiters.add(look);
        look();
      });
    },
    find(test) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = frames.find(test);
          if (found || done) waiters.delete(look);
          if (found) resolve(found);
          else if (done) reject(new Error(`the stream ended; frames seen: ${JSON.stringify(frames)}`));
        };
        waiters.add(look);
        look();
      });
    },
    ended,
    close: () => abort.abort(),
  };
}

/** The JSON data of a frame. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read whatever the frame carries
export const dataOf = (frame: SseFrame): any => JSON.parse(frame.data ?? 'null');
