import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { endServerSession } from './api/session';
import { clearSession } from './session';

/**
 * Signs out as spec 000 §4 says: session storage and all local storage cleared, the query cache
 * emptied, a logout call whose result is ignored, and the user sent to '/'.
 */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    void endServerSession();
    clearSession();
    localStorage.clear();
    queryClient.clear();
    navigate('/', { replace: true });
  }, [queryClient, navigate]);
}
