import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGroupCommit } from './group-commit.ts';

/** A writer whose writes finish when the test says so, recording each group it was given. */
function controlledWriter() {
  const groups: number[][] = [];
  const pending: { finish: () => void; fail: (error: Error) => void }[] = [];
  const write = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      groups.push(items);
      pending.push({
        finish: () => resolve(items.map((n) => `stored ${n}`)),
        fail: reject,
      });
    });
  return { groups, pending, write };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('group commit', () => {
  it('writes what callers submit within the delay as one group, and answers each caller its own results', async () => {
    const writer = controlledWriter();
    const commit = createGroupCommit({ write: writer.write, maxItems: 100, maxDelayMs: 3, concurrency: 1 });
    const answers = [commit.submit([1, 2]), commit.submit([3]), commit.submit([4, 5, 6])];
    expect(writer.groups).toEqual([]);
    await vi.advanceTimersByTimeAsync(3);
    expect(writer.groups).toEqual([[1, 2, 3, 4, 5, 6]]);
    writer.pending[0]!.finish();
    expect(await Promise.all(answers)).toEqual([
      ['stored 1', 'stored 2'],
      ['stored 3'],
      ['stored 4', 'stored 5', 'stored 6'],
    ]);
    expect(commit.stats).toEqual({ groups: 1, items: 6, submissions: 3 });
  });

  it('writes a group as soon as it is full, and never splits one caller across groups', async () => {
    const writer = controlledWriter();
    const commit = createGroupCommit({ write: writer.write, maxItems: 4, maxDelayMs: 1000, concurrency: 2 });
    void commit.submit([1, 2, 3]);
    void commit.submit([4, 5]); // does not fit beside the first: a group of its own
    void commit.submit([6, 7]); // fills the second group to 4
    void commit.submit([8, 9, 10, 11, 12]); // more than a group holds: written alone
    expect(writer.groups).toEqual([
      [1, 2, 3],
      [4, 5, 6, 7],
    ]);
    writer.pending[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(writer.groups.at(-1)).toEqual([8, 9, 10, 11, 12]);
  });

  it('gathers what arrives while a group is being written into the next one', async () => {
    const writer = controlledWriter();
    const commit = createGroupCommit({ write: writer.write, maxItems: 100, maxDelayMs: 2, concurrency: 1 });
    void commit.submit([1]);
    await vi.advanceTimersByTimeAsync(2);
    expect(writer.groups).toEqual([[1]]);
    // The one connection is busy: twenty callers wait, however long the write takes.
    const later = Array.from({ length: 20 }, (_, i) => commit.submit([100 + i]));
    await vi.advanceTimersByTimeAsync(50);
    expect(writer.groups).toHaveLength(1);
    expect(commit.waiting).toBe(20);
    writer.pending[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(writer.groups).toHaveLength(2);
    expect(writer.groups[1]).toHaveLength(20);
    writer.pending[1]!.finish();
    expect((await Promise.all(later)).flat()).toHaveLength(20);
  });

  it('fails only the caller whose items the database refused; the others are written and answered', async () => {
    const groups: number[][] = [];
    const commit = createGroupCommit({
      write: async (items: number[]) => {
        groups.push(items);
        if (items.includes(13)) throw new Error('refused 13');
        return items;
      },
      maxItems: 100,
      maxDelayMs: 1,
      concurrency: 1,
    });
    const good = commit.submit([1, 2]);
    const bad = commit.submit([12, 13]);
    const alsoGood = commit.submit([3]);
    const settled = Promise.allSettled([good, bad, alsoGood]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled).toEqual([
      { status: 'fulfilled', value: [1, 2] },
      { status: 'rejected', reason: new Error('refused 13') },
      { status: 'fulfilled', value: [3] },
    ]);
    expect(groups).toEqual([[1, 2, 12, 13, 3], [1, 2], [12, 13], [3]]);
  });

  it('drains: writes what waits at once and resolves when nothing is left', async () => {
    const writer = controlledWriter();
    const commit = createGroupCommit({
      write: writer.write,
      maxItems: 100,
      maxDelayMs: 1000,
      concurrency: 1,
    });
    const answer = commit.submit([1]);
    let drained = false;
    void commit.drain().then(() => (drained = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(writer.groups).toEqual([[1]]);
    expect(drained).toBe(false);
    writer.pending[0]!.finish();
    await answer;
    await vi.advanceTimersByTimeAsync(0);
    expect(drained).toBe(true);
  });
});
