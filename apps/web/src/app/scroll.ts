import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { scrollToHash } from '../lib/hash-scroll';

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
    return scrollToHash(hash);
  }, [key, hash]);
}
