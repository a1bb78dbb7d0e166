import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider, useSnackbar } from './snackbar';

// The test set-up keeps messages up for the pages' tests; this one checks the real duration.
vi.unmock('../lib/layout');

function Trigger() {
  const { show } = useSnackbar();
  return <button onClick={() => show('Driver added successfully.', 'success')}>Save</button>;
}

describe('Snackbar', () => {
  it('shows a message with a Close button', async () => {
    const user = userEvent.setup();
    render(
      <SnackbarProvider>
        <Trigger />
      </SnackbarProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Driver added successfully.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Driver added successfully.')).not.toBeInTheDocument());
  });

  it('hides the message after 3000 ms', async () => {
    const user = userEvent.setup();
    render(
      <SnackbarProvider>
        <Trigger />
      </SnackbarProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Driver added successfully.')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 2500)));
    expect(screen.getByText('Driver added successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Driver added successfully.')).not.toBeInTheDocument(), {
      timeout: 2000,
    });
  });
});
