import { useCallback, useEffect, useState } from 'react';
import { EXCEPTION_HIGHLIGHT_CHECK_MS, EXCEPTION_HIGHLIGHT_KEY } from '@fleet/contract';

function readHighlighted(): number | null {
  const id = Number(sessionStorage.getItem(EXCEPTION_HIGHLIGHT_KEY));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The exception the bell opened (its id in session storage), read every second (spec 002
 * "Exceptions"): a click in the bell while this page is open changes it without a navigation.
 * `clear` forgets it once the admin has dismissed it.
 */
export function useHighlightedException() {
  const [id, setId] = useState(readHighlighted);
  useEffect(() => {
    const timer = setInterval(() => setId(readHighlighted()), EXCEPTION_HIGHLIGHT_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  const clear = useCallback(() => {
    sessionStorage.removeItem(EXCEPTION_HIGHLIGHT_KEY);
    setId(null);
  }, []);
  return { id, clear };
}
