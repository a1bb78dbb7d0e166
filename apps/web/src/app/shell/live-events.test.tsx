import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { clearSession } from '../../lib/session';
import { SESSIONS } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

/** Records the streams the console opens. */
function stubEventSource() {
  const opened: { url: string; closed: boolean }[] = [];
  class RecordingEventSource extends EventTarget {
    static readonly CLOSED = 2;
    readyState = 0;
    private readonly record: { url: string; closed: boolean };
    constructor(url: string) {
      super();
      this.record = { url, closed: false };
      opened.push(this.record);
    }
    close() {
      this.record.closed = true;
    }
  }
  vi.stubGlobal('EventSource', RecordingEventSource);
  return opened;
}

describe('Console live events', () => {
  it("opens one event stream for a tenant admin's console and closes it on sign-out", async () => {
    const opened = stubEventSource();
    mockApi();
    renderApp('/overview', { session: SESSIONS.delivery });
    await screen.findByRole('navigation', { name: 'Main menu' });
    await waitFor(() =>
      expect(opened.filter((s) => !s.closed)).toEqual([{ url: '/api/v1/events', closed: false }]),
    );
    act(() => clearSession());
    await waitFor(() => expect(opened.every((s) => s.closed)).toBe(true));
  });

  it('opens none for the super admin, whose console shows no tenant data', async () => {
    const opened = stubEventSource();
    mockApi();
    renderApp('/overview', { session: SESSIONS.superAdmin });
    await screen.findByRole('navigation', { name: 'Main menu' });
    await screen.findAllByText(/Tenant management/);
    await act(() => Promise.resolve());
    expect(opened).toEqual([]);
  });
});
