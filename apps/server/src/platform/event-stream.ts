import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * One Server-Sent Events response (https://html.spec.whatwg.org/multipage/server-sent-events.html):
 * the framing, the heartbeat, and an end that is the same whoever ends it (the client, the server
 * shutting down, the session expiring, a client too slow to keep up).
 */

export interface SseMessage {
  /** Sets the client's last event id (sent back as `Last-Event-ID` when it reconnects). */
  id?: number | undefined;
  event: string;
  data: unknown;
}

export interface SseStream {
  /** Queues one message; false once the stream has ended. */
  send(message: SseMessage): boolean;
  /**
   * Sets the client's last event id without an event (an `id:` field alone: browsers record it and
   * dispatch nothing), so a client that has been sent no event yet still resumes from here.
   */
  markId(id: number): void;
  /** A comment line: keeps proxies and the client's idle timers from closing the connection. */
  comment(text: string): void;
  /** Ends the response (the client reconnects on its own, with its last event id, after `retryMs` if given). */
  end(reason: string, retryMs?: number): void;
  readonly ended: boolean;
  /** Runs once the stream has ended, whoever ended it. */
  onEnd(listener: (reason: string) => void): void;
}

export interface SseOptions {
  /** How long a client waits before reconnecting, told once at the start. */
  retryMs: number;
  /** A comment line this often. */
  heartbeatMs: number;
  /** A client this far behind (bytes buffered and unsent) is dropped; it reconnects and catches up. */
  maxBufferedBytes?: number;
}

/** Encodes one message: multi-line data is split into `data:` lines, as the format requires. */
export function encodeSse({ id, event, data }: SseMessage): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  const lines = text.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`);
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\n${lines.join('')}\n`;
}

/** Takes over `reply` and answers `text/event-stream`; nothing of Fastify's reply pipeline runs after this. */
export function openSse(request: FastifyRequest, reply: FastifyReply, options: SseOptions): SseStream {
  const maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // nginx and similar proxies would otherwise buffer the stream.
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  // The response is a stream of small writes: Nagle's delay would hold each one back.
  request.raw.socket.setNoDelay(true);
  res.write(`retry: ${options.retryMs}\n\n`);

  let ended = false;
  const endListeners: ((reason: string) => void)[] = [];
  const heartbeat = setInterval(() => stream.comment('keep-alive'), options.heartbeatMs);
  heartbeat.unref();

  const finish = (reason: string) => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    for (const listener of endListeners.splice(0)) listener(reason);
  };
  request.raw.on('close', () => finish('client closed'));
  res.on('close', () => finish('connection closed'));
  res.on('error', () => finish('connection error'));

  const write = (chunk: string) => {
    if (ended) return false;
    res.write(chunk);
    if (res.writableLength > maxBuffered) stream.end('client too slow');
    return !ended;
  };

  const stream: SseStream = {
    send: (message) => write(encodeSse(message)),
    markId: (id) => void write(`id: ${id}\n\n`),
    comment: (text) => void write(`: ${text.replace(/[\r\n]+/g, ' ')}\n\n`),
    end(reason, retryMs) {
      if (ended) return;
      // The client's next attempt, when the server asks for one (a shutdown spreads them out).
      if (retryMs !== undefined) res.write(`retry: ${Math.round(retryMs)}\n\n`);
      finish(reason);
      res.end();
    },
    get ended() {
      return ended;
    },
    onEnd(listener) {
      if (ended) listener('ended');
      else endListeners.push(listener);
    },
  };
  return stream;
}
