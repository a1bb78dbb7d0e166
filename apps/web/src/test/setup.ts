import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazily loaded pages can take a few seconds on a busy CI machine running every suite at once.
configure({ asyncUtilTimeout: 5000 });

// jsdom cannot load another document: the console leaving for a public page is recorded, not done.
vi.mock('../lib/public-site', () => ({ openPublicPage: vi.fn(), consoleServedPublicPage: () => false }));

// jsdom has no layout: scrolling is a no-op we can observe.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
