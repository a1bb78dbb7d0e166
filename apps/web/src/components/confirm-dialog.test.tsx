import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../test/render-ui';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog', () => {
  it('shows the question and confirms on Enter', async () => {
    const onConfirm = vi.fn();
    renderUi(<ConfirmDialog open message="Delete this Vehicle?" onConfirm={onConfirm} onClose={vi.fn()} />);
    expect(screen.getByText('Delete this Vehicle?')).toBeInTheDocument();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('disables Confirm while the request is in flight', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderUi(<ConfirmDialog open message="Sure?" onConfirm={onConfirm} onClose={vi.fn()} />);
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    await userEvent.click(confirm);
    expect(confirm).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    finish();
    await vi.waitFor(() => expect(confirm).toBeEnabled());
  });
});
