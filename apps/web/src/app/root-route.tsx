import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PageSpinner } from '../components/page-spinner';
import { setUnauthorizedHandler } from '../lib/api/client';
import { clearSession } from '../lib/session';
import { paths } from '../lib/paths';
import { useScrollOnNavigate } from './scroll';

/** The top of the route tree: scroll rules, the 401 rule, and the spinner while a page loads. */
export function RootRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useScrollOnNavigate();

  useEffect(() => {
    // Spec 000 §7: a 401 clears session storage and goes to '/'.
    setUnauthorizedHandler(() => {
      clearSession();
      queryClient.clear();
      navigate(paths.home.getHref(), { replace: true });
    });
  }, [navigate, queryClient]);

  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
