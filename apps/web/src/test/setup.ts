import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type * as layout from '../lib/layout';

// Lazily loaded pages, and a long dialog's validation and save, can take several seconds on a busy
// two-core CI machine; a wait that passes returns as soon as it can, so the margin costs nothing.
configure({ asyncUtilTimeout: 10_000 });

// jsdom cannot load another document: the console leaving for a public page is recorded, not done.
vi.mock('../lib/public-site', () => ({ openPublicPage: vi.fn(), consoleServedPublicPage: () => false }));

// A message lasts 3000 ms (spec 000 §2). On a busy machine a page's save can take longer than that
// between showing its message and the test's next look, so the pages' tests keep messages up; the
// snackbar's own test (components/snackbar.test.tsx) checks the 3000 ms with the real value.
vi.mock('../lib/layout', async (importActual) => ({
  ...(await importActual<typeof layout>()),
  SNACKBAR_DURATION_MS: 600_000,
}));

// jsdom has no layout: scrolling is a no-op we can observe.
Object.defineProperty(window, 'scrollTo', { value: vi.fn(), writable: true });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
