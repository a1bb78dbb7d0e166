import { useCallback, useEffect, useState } from 'react';
import { EXCEPTION_HIGHLIGHT_CHECK_MS } from '@fleet/contract';
import { SESSION_STORAGE_KEYS } from '../../lib/storage-keys';

function readHighlighted(): number | null {
  const id = Number(sessionStorage.getItem(SESSION_STORAGE_KEYS.openedExceptionId));
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
    sessionStorage.removeItem(SESSION_STORAGE_KEYS.openedExceptionId);
    setId(null);
  }, []);
  return { id, clear };
}
