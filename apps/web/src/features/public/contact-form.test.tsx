import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fail, mockApi } from '../../test/mock-api';
import { ContactForm } from './contact-form';

const fill = async (user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
};

const GOOD = {
  'Full name': '  Mona Saeed ',
  'E-mail': 'mona@logistics.example',
  Telephone: '+971 4 555 0101',
  Company: 'Gulf Logistics',
  Message: 'We run 40 vans.',
};

describe('Contact Us form', () => {
  it('shows the spec message of each field as soon as it is left invalid', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    render(<ContactForm />);
    expect(screen.queryByText('Full name is required.')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Full name'));
    await user.tab();
    expect(screen.getByText('Full name is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('E-mail'), 'mona@nowhere');
    await user.tab();
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByText('Telephone is required.')).toBeInTheDocument();
    expect(screen.getByText('Company is required.')).toBeInTheDocument();
    expect(screen.getByText('Message is required.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/content/contacts')).toHaveLength(0);
  });

  it('refuses an incomplete form with the form message and sends nothing', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    render(<ContactForm />);
    await fill(user, { 'Full name': 'Mona' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please fill in all required fields with valid information',
    );
    expect(screen.getByText('Company is required.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/content/contacts')).toHaveLength(0);
  });

  it('sends the trimmed fields as {data}, says so and empties the form', async () => {
    const fetchMock = mockApi({ 'POST /api/content/contacts': () => ({ body: { data: { id: 7 } } }) });
    const user = userEvent.setup();
    render(<ContactForm />);
    await fill(user, GOOD);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Your message has been sent successfully.')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'POST', '/api/content/contacts');
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      data: {
        name: 'Mona Saeed',
        email: 'mona@logistics.example',
        telephone: '+971 4 555 0101',
        company: 'Gulf Logistics',
        message: 'We run 40 vans.',
      },
    });
    expect(screen.getByLabelText('Full name')).toHaveValue('');
  });

  it('shows the server message when it refuses, and the spec fallback when there is no answer', async () => {
    mockApi({ 'POST /api/content/contacts': () => fail(429, 'Too many requests. Try again later.') });
    const user = userEvent.setup();
    render(<ContactForm />);
    await fill(user, GOOD);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again later.');
    expect(screen.getByLabelText('Full name')).toHaveValue('  Mona Saeed ');

    mockApi({ 'POST /api/content/contacts': () => Promise.reject(new TypeError('offline')) });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Sorry, there was an error. Please try again.'),
    );
  });
});
