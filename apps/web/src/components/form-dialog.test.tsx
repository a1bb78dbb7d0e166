import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TextField from '@mui/material/TextField';
import { z } from 'zod';
import { ApiError } from '../lib/api/client';
import { renderUi } from '../test/render-ui';
import { FormDialog } from './form-dialog';

const schema = z.object({ name: z.string().trim().min(1, 'Field is required') });

function renderForm(onSubmit: (values: { name: string }) => Promise<unknown>, onClose = vi.fn()) {
  renderUi(
    <FormDialog
      open
      title="Add Thing"
      schema={schema}
      defaultValues={{ name: '' }}
      onSubmit={onSubmit}
      onClose={onClose}
      successMessage="Thing added successfully."
      failureMessage="Failed to add Thing."
    >
      {({ register, formState: { errors } }) => (
        <TextField
          label="Name"
          {...register('name')}
          error={Boolean(errors.name)}
          helperText={errors.name?.message}
        />
      )}
    </FormDialog>,
  );
  return { onClose };
}

describe('FormDialog', () => {
  it('submits on Enter, closes and confirms with the success message', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { onClose } = renderForm(onSubmit);
    await userEvent.type(screen.getByLabelText('Name'), 'Truck{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Truck' });
    expect(await screen.findByText('Thing added successfully.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the field errors and the form warning on an invalid submit', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderForm(onSubmit);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    expect(screen.getByText('Please fill the form correctly')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("disables Save while in flight and shows the server's message on failure", async () => {
    let fail: (error: Error) => void = () => {};
    const onSubmit = vi.fn(() => new Promise((_resolve, reject) => (fail = reject)));
    const { onClose } = renderForm(onSubmit);
    await userEvent.type(screen.getByLabelText('Name'), 'Truck');
    const save = screen.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    expect(save).toBeDisabled();
    fail(new ApiError(400, 'A vehicle with this reference already exists.'));
    expect(await screen.findByText('A vehicle with this reference already exists.')).toBeInTheDocument();
    expect(save).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('falls back to its own failure text when the server gives none', async () => {
    renderForm(() => Promise.reject(new Error('boom')));
    await userEvent.type(screen.getByLabelText('Name'), 'Truck{Enter}');
    expect(await screen.findByText('Failed to add Thing.')).toBeInTheDocument();
  });
});
