import { APP_BAR_HEIGHT, HASH_SCROLL_RETRY_MS } from './layout';

/** The fixed app bar covers the top of the page; a hash target is scrolled just below it. */
function topOffset(): number {
  const bar = document.querySelector<HTMLElement>('[data-fixed-app-bar]');
  return bar?.offsetHeight || APP_BAR_HEIGHT;
}

function scrollToElement(id: string): boolean {
  const element = document.getElementById(id);
  if (!element) return false;
  const top = element.getBoundingClientRect().top + window.scrollY - topOffset();
  window.scrollTo({ top, behavior: 'smooth' });
  return true;
}

/**
 * Spec 000 §2: a hash link scrolls smoothly to its target, below the fixed app bar, retrying once
 * after 50 ms for targets that render late. Returns a cancel function for the retry.
 * Used by the console's router and by the public site.
 */
export function scrollToHash(hash: string): () => void {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id || scrollToElement(id)) return () => undefined;
  const retry = window.setTimeout(() => scrollToElement(id), HASH_SCROLL_RETRY_MS);
  return () => window.clearTimeout(retry);
}
