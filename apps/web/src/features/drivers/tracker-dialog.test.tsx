import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRACKER_MESSAGES, type TDriverRow, type TTrackerState } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, fail, mockApi, ok, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { TRACKER_TEXT } from './tracker-dialog';

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;
const NEW_ID = 'q7mzk2xv4lbw6npr3tsh5dcyfa';

const driverWith = (tracker: TTrackerState): TDriverRow => ({
  id: 7,
  fname: 'Ali',
  lname: 'Hassan',
  email: 'ali@example.com',
  bus_id: null,
  bus: null,
  hourly_rate: 20,
  language: null,
  tracker,
  created_date: '2026-01-01 08:00:00',
  archived: 0,
});

/** The drivers list and the tracker calls, the list following what the calls did. */
function mockTrackers(tracker: TTrackerState, extra: Record<string, MockHandler> = {}) {
  let current = tracker;
  return mockApi({
    'GET /api/driver/get-drivers': () => ok([driverWith(current)]),
    'GET /api/language/get-languages': () => ok([]),
    'POST /api/v1/trackers/setup': ({ body }) => {
      const custom = (body as { tracker_id?: string }).tracker_id;
      current = custom ? 'custom' : 'issued';
      return ok({ driver_id: 7, tracker_id: custom ?? NEW_ID, state: current });
    },
    'POST /api/v1/trackers/remove': () => {
      current = 'none';
      return ok(null);
    },
    'POST /api/tenant-settings/save-all': () => ok(null),
    ...extra,
  });
}
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as unknown;

async function openTracker() {
  renderApp('/drivers', { session: SESSIONS.delivery });
  await user.click(
    await screen.findByRole('button', { name: 'Tracker of Ali Hassan' }, { timeout: PAGE_LOAD_MS }),
  );
  return screen.findByRole('dialog', { name: 'Tracker of Ali Hassan' });
}

describe('the tracker dialog', () => {
  it('makes a Tracker ID and shows it once, with a QR code and the settings of each app', async () => {
    const fetchMock = mockTrackers('none');
    const dialog = await openTracker();
    expect(within(dialog).getByText(TRACKER_TEXT.none)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Make Tracker ID' }));
    expect(await within(dialog).findByText(TRACKER_TEXT.shownOnce)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/v1/trackers/setup')[0])).toEqual({ driver_id: 7 });

    // Traccar Client: its QR code and link carry the server URL and the id.
    const origin = window.location.origin;
    expect(within(dialog).getAllByText(NEW_ID).length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('img', { name: 'QR code for Traccar Client' })).toBeInTheDocument();
    expect(within(dialog).getByText(`${origin}/api/osmand`)).toBeInTheDocument();
    const traccar = new URL(
      within(dialog).getByRole('link', { name: 'this setup link' }).getAttribute('href')!,
    );
    expect(traccar.protocol).toBe('org.traccar.client:');
    expect(Object.fromEntries(traccar.searchParams)).toEqual({ url: `${origin}/api/osmand`, id: NEW_ID });

    // OwnTracks: HTTP mode, authentication on, the id as the password.
    await user.click(within(dialog).getByRole('tab', { name: 'OwnTracks' }));
    expect(within(dialog).getByRole('img', { name: 'QR code for OwnTracks' })).toBeInTheDocument();
    expect(within(dialog).getByText(`${origin}/api/owntracks`)).toBeInTheDocument();
    expect(within(dialog).getByText('ali-hassan')).toBeInTheDocument();
    const owntracks = within(dialog).getByRole('link', { name: 'this setup link' }).getAttribute('href')!;
    expect(owntracks.startsWith('owntracks:///config?inline=')).toBe(true);
    expect(JSON.parse(atob(owntracks.split('inline=')[1]!))).toEqual({
      _type: 'configuration',
      mode: 3,
      url: `${origin}/api/owntracks`,
      auth: true,
      username: 'ali-hassan',
      password: NEW_ID,
    });

    // OsmAnd: the web address its online tracking fills in.
    await user.click(within(dialog).getByRole('tab', { name: 'OsmAnd' }));
    expect(
      within(dialog).getByText(
        `${origin}/api/osmand?id=${NEW_ID}&lat={0}&lon={1}&timestamp={2}&hdop={3}&altitude={4}&speed={5}`,
      ),
    ).toBeInTheDocument();

    // Closed, the id is gone for good: opened again, the dialog says a tracker is set up, no more.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Tracker of Ali Hassan' }));
    const again = await screen.findByRole('dialog', { name: 'Tracker of Ali Hassan' });
    expect(await within(again).findByText(TRACKER_TEXT.issued)).toBeInTheDocument();
    expect(within(again).queryByText(NEW_ID)).not.toBeInTheDocument();
    expect(within(again).queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });

  it('regenerates only after a warning that the phone must be set up again', async () => {
    const fetchMock = mockTrackers('issued');
    const dialog = await openTracker();
    expect(within(dialog).getByText(TRACKER_TEXT.issued)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate Tracker ID' }));
    const confirm = await screen.findByRole('dialog', { name: 'Regenerate Tracker ID' });
    expect(within(confirm).getByText(TRACKER_TEXT.regenerateQuestion)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/v1/trackers/setup')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Regenerate' }));
    expect(await within(dialog).findByText(TRACKER_TEXT.shownOnce)).toBeInTheDocument();
    expect(within(dialog).getAllByText(NEW_ID).length).toBeGreaterThan(0);
    expect(callsTo(fetchMock, 'POST', '/api/v1/trackers/setup')).toHaveLength(1);
  });

  it('warns of a legacy id, and removes a tracker after asking', async () => {
    const fetchMock = mockTrackers('legacy');
    const dialog = await openTracker();
    expect(within(dialog).getByText(TRACKER_MESSAGES.legacy)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove tracker' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove tracker' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(TRACKER_TEXT.none)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/v1/trackers/remove')[0])).toEqual({ driver_id: 7 });
  });

  it('refuses a custom id too easy to guess before sending it, and shows what the server refuses', async () => {
    const fetchMock = mockTrackers('none', {
      'POST /api/v1/trackers/setup': () => fail(400, TRACKER_MESSAGES.idUnavailable),
    });
    const dialog = await openTracker();
    const field = within(dialog).getByLabelText('Or use your own Tracker ID');
    await user.type(field, '358240051111110');
    await user.click(within(dialog).getByRole('button', { name: 'Use this ID' }));
    expect(await within(dialog).findByText(/too easy to guess/)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/v1/trackers/setup')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'k2Vf9sQx7LmP3wRt8bYn4Jc6');
    await user.click(within(dialog).getByRole('button', { name: 'Use this ID' }));
    expect(await within(dialog).findByText(TRACKER_MESSAGES.idUnavailable)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/v1/trackers/setup')[0])).toEqual({
      driver_id: 7,
      tracker_id: 'k2Vf9sQx7LmP3wRt8bYn4Jc6',
    });
  });

  it("changes the tenant's rule for trackers of drivers signed in to the driver app", async () => {
    const fetchMock = mockTrackers('issued', {
      'GET /api/tenant-settings/get-settings': () =>
        ok([{ key: 'tracker_trips_while_signed_in', value: 'false' }]),
    });
    const dialog = await openTracker();
    const toggle = within(dialog).getByLabelText(/Trackers run trips of drivers signed in/);
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await vi.waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/tenant-settings/save-all')).toHaveLength(1),
    );
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/tenant-settings/save-all')[0])).toEqual({
      data: [{ key: 'tracker_trips_while_signed_in', value: 'true' }],
    });
  });

  it("warns on the driver's Location tab of a legacy id, and regenerates it from there", async () => {
    const fetchMock = mockTrackers('legacy', {
      'POST /api/trip/get-driver-all-trips': () => ok([]),
      'POST /api/driver/get-driver-locations-for-today': () =>
        ok({ id: 7, fname: 'Ali', lname: 'Hassan', locations: [], ignored_fixes: null }),
    });
    renderApp('/drivers', { session: SESSIONS.delivery });
    await user.click(
      await screen.findByRole('button', { name: 'Details of Ali Hassan' }, { timeout: PAGE_LOAD_MS }),
    );
    const details = await screen.findByRole('dialog', { name: 'Ali Hassan' });
    await user.click(within(details).getByRole('tab', { name: 'Location' }));
    expect(await within(details).findByText(TRACKER_MESSAGES.legacy)).toBeInTheDocument();
    await user.click(within(details).getByRole('button', { name: 'Regenerate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tracker of Ali Hassan' });
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate Tracker ID' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Regenerate Tracker ID' })).getByRole('button', {
        name: 'Regenerate',
      }),
    );
    expect(await within(dialog).findByText(TRACKER_TEXT.shownOnce)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/v1/trackers/setup')).toHaveLength(1);
  });
});
