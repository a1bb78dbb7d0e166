/*
 * The driver's live event stream (`GET /api/v1/events`, Server-Sent Events) read with fetch, since
 * EventSource cannot send the bearer token. The server sends a driver the changes of their own
 * trips, stops, tasks and approvals; the app refetches its trips when one arrives, so a manager's
 * decision shows while the driver looks. Reconnects with `Last-Event-ID` after a drop.
 */

export interface LiveOptions {
  token: string;
  onChange: (type: string) => void;
  onResync: () => void;
}

/** Opens the stream and keeps it open until the answer's stop function is called. */
export function openLive({ token, onChange, onResync }: LiveOptions): () => void {
  const controller = new AbortController();
  let lastId: string | null = null;
  let delay = 2000;

  const handle = (block: string) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trim());
      else if (line.startsWith('id:')) lastId = line.slice(3).trim();
    }
    if (event === 'resync') onResync();
    if (event !== 'change' || data.length === 0) return;
    try {
      const change = JSON.parse(data.join('\n')) as { type?: string };
      if (change.type) onChange(change.type);
    } catch {
      // not an event this app reads
    }
  };

  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const headers: Record<string, string> = {
          accept: 'text/event-stream',
          authorization: `Bearer ${token}`,
        };
        if (lastId) headers['last-event-id'] = lastId;
        const res = await fetch('/api/v1/events', { headers, signal: controller.signal, cache: 'no-store' });
        if (res.status === 401) return;
        if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
        delay = 2000;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value.replace(/\r\n?/g, '\n');
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            handle(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 60_000);
    }
  };
  void run();
  return () => controller.abort();
}
