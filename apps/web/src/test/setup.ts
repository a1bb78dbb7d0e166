import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazily loaded pages, and a long dialog's validation and save, can take several seconds on a busy
// two-core CI machine; a wait that passes returns as soon as it can, so the margin costs nothing.
configure({ asyncUtilTimeout: 10_000 });

// jsdom cannot load another document: the console leaving for a public page is recorded, not done.
vi.mock('../lib/public-site', () => ({ openPublicPage: vi.fn(), consoleServedPublicPage: () => false }));

// jsdom has no layout: scrolling is a no-op we can observe.
Object.defineProperty(window, 'scrollTo', { value: vi.fn(), writable: true });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
