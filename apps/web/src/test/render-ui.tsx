import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/providers';
import { createTestQueryClient } from './render-app';

/** Renders one component inside the app's providers and a memory router (component tests). */
export function renderUi(ui: ReactElement) {
  const queryClient = createTestQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...view, queryClient };
}
