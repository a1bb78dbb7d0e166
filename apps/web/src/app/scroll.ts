import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { APP_BAR_HEIGHT, HASH_SCROLL_RETRY_MS } from '../lib/layout';

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
 * Spec 000 §2: a hash link scrolls smoothly to its target (retrying once after 50 ms, for targets
 * that render late); any other navigation starts at the top.
 */
export function useScrollOnNavigate(): void {
  const { key, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0 });
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    if (scrollToElement(id)) return;
    const retry = window.setTimeout(() => scrollToElement(id), HASH_SCROLL_RETRY_MS);
    return () => window.clearTimeout(retry);
  }, [key, hash]);
}
