import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fail, mockApi, ok, type MockAnswer } from '../test/mock-api';
import { NEWSLETTER_REQUEST, NewsletterBox } from './newsletter-box';

describe('newsletter box', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<NewsletterBox />);
    return { user, input: screen.getByLabelText('Get new articles by e-mail') };
  };

  it('sends nothing for an address that does not match the pattern', async () => {
    const fetchMock = mockApi();
    const { user, input } = setup();
    await user.type(input, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'POST', '/api/admin/send-email')).toHaveLength(0);
  });

  it('goes idle → loading → success with the trimmed address, and back to idle after 1.5 s', async () => {
    let answer: (value: MockAnswer) => void = () => undefined;
    const fetchMock = mockApi({
      'POST /api/admin/send-email': () => new Promise<MockAnswer>((resolve) => (answer = resolve)),
    });
    const { user, input } = setup();
    await user.type(input, '  ops@fleet.example ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByRole('button', { name: 'Subscribing…' })).toBeDisabled();
    const [call] = callsTo(fetchMock, 'POST', '/api/admin/send-email');
    expect(JSON.parse(String(call![1]!.body))).toEqual({
      email: 'ops@fleet.example',
      discuss: NEWSLETTER_REQUEST,
    });

    await act(async () => answer(ok(null)));
    expect(await screen.findByRole('button', { name: 'Subscribed' })).toBeInTheDocument();
    expect(input).toHaveValue('');
    await act(async () => vi.advanceTimersByTime(1400));
    expect(screen.getByRole('button', { name: 'Subscribed' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(100));
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('shows the cross and the reason on failure, then goes back to idle after 1.5 s', async () => {
    mockApi({ 'POST /api/admin/send-email': () => fail(429, 'Too many requests. Try again later.') });
    const { user, input } = setup();
    await user.type(input, 'ops@fleet.example');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('button', { name: 'Not sent' })).toBeInTheDocument();
    expect(screen.getByText('Too many requests. Try again later.')).toBeInTheDocument();
    expect(input).toHaveValue('ops@fleet.example');
    await act(async () => vi.advanceTimersByTime(1500));
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });
});
