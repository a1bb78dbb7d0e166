import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { pages } from './pages';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { buildRoutes } from './routes';
import { SessionGate } from './session-gate';

const router = createBrowserRouter(buildRoutes(pages));

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
    </AppProviders>
  );
}
