/**
 * Group commit: many callers each hand in a few items and wait; what arrives within a few
 * milliseconds is written by one `write` call (one statement, one commit on the database), and then
 * every caller is answered. Under load the cost of a commit (a round trip, a WAL flush) is shared by
 * every request in the group, instead of paid by each.
 *
 * A caller's items always travel in one group, so a caller's write is all or nothing. When a group
 * fails, each caller's items are written again on their own, so one caller's bad item fails that
 * caller only and every other caller still gets its own answer.
 */

export interface GroupCommitOptions<TItem, TResult> {
  /** Writes one group in one transaction; answers one result per item, in order. */
  write(items: TItem[]): Promise<TResult[]>;
  /** A group is written as soon as it holds this many items. */
  maxItems: number;
  /** …or this long after its first item arrived, whichever comes first. */
  maxDelayMs: number;
  /** Groups written at the same time (a pool of connections can take several; the embedded database one). */
  concurrency: number;
}

export interface GroupCommitStats {
  /** `write` calls that succeeded (groups committed). */
  groups: number;
  /** Items committed. */
  items: number;
  /** Callers answered with a result. */
  submissions: number;
}

export interface GroupCommit<TItem, TResult> {
  /** Writes `items` with whatever else arrives meanwhile; resolves with their results once committed. */
  submit(items: TItem[]): Promise<TResult[]>;
  /** Writes what is waiting now and resolves when nothing is waiting or being written. */
  drain(): Promise<void>;
  /** Items waiting for their group to be written. */
  readonly waiting: number;
  readonly stats: Readonly<GroupCommitStats>;
}

interface Submission<TItem, TResult> {
  items: TItem[];
  resolve(results: TResult[]): void;
  reject(error: unknown): void;
}

export function createGroupCommit<TItem, TResult>({
  write,
  maxItems,
  maxDelayMs,
  concurrency,
}: GroupCommitOptions<TItem, TResult>): GroupCommit<TItem, TResult> {
  /** Groups waiting to be written, oldest first; only the last one still takes submissions. */
  const queue: { submissions: Submission<TItem, TResult>[]; size: number }[] = [];
  let inFlight = 0;
  let timer: NodeJS.Timeout | null = null;
  let idle: (() => void)[] = [];
  const stats: GroupCommitStats = { groups: 0, items: 0, submissions: 0 };

  async function writeGroup(submissions: Submission<TItem, TResult>[]): Promise<void> {
    try {
      const results = await write(submissions.flatMap((s) => s.items));
      stats.groups++;
      stats.items += results.length;
      let at = 0;
      for (const s of submissions) {
        s.resolve(results.slice(at, at + s.items.length));
        at += s.items.length;
        stats.submissions++;
      }
    } catch (error) {
      if (submissions.length === 1) {
        submissions[0]!.reject(error);
        return;
      }
      // Someone's items broke the group: each caller is written alone, and gets its own answer.
      for (const s of submissions) await writeGroup([s]);
    }
  }

  /** Starts writing the oldest group if a slot is free and the group is due (full, or its time came). */
  function pump(force: boolean): void {
    while (inFlight < concurrency && queue.length > 0) {
      const oldest = queue[0]!;
      const due = force || queue.length > 1 || oldest.size >= maxItems;
      if (!due) break;
      queue.shift();
      inFlight++;
      void writeGroup(oldest.submissions).finally(() => {
        inFlight--;
        // Groups that filled up or came due while every slot was busy go now.
        pump(queue.length > 0 && timer === null);
        if (inFlight === 0 && queue.length === 0) {
          const waiters = idle;
          idle = [];
          for (const done of waiters) done();
        }
      });
    }
    if (queue.length > 0 && timer === null && inFlight < concurrency) {
      timer = setTimeout(() => {
        timer = null;
        pump(true);
      }, maxDelayMs);
    }
    if (queue.length === 0 && timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
  }

  return {
    submit(items) {
      if (items.length === 0) return Promise.resolve([]);
      return new Promise<TResult[]>((resolve, reject) => {
        let open = queue.at(-1);
        if (!open || open.size + items.length > maxItems) {
          open = { submissions: [], size: 0 };
          queue.push(open);
        }
        open.submissions.push({ items, resolve, reject });
        open.size += items.length;
        pump(false);
      });
    },
    drain() {
      if (inFlight === 0 && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        idle.push(resolve);
        pump(true);
      });
    },
    get waiting() {
      return queue.reduce((n, group) => n + group.size, 0);
    },
    stats,
  };
}
