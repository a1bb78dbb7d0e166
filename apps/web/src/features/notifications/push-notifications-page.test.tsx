import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type TDriverRow, type TNotification } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, fail, mockApi, ok, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { formatUtc } from '../../lib/dates';
import { RECORDING_REQUIRED } from './send-notification-form';
import { NO_RECORDER } from './use-voice-recorder';

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;
const m = MESSAGES.notifications;

const driver = (id: number, fname: string, lname: string): TDriverRow => ({
  id,
  fname,
  lname,
  email: `${fname.toLowerCase()}@example.com`,
  bus_id: null,
  bus: null,
  hourly_rate: 10,
  language: 'en',
  tracker: 'none',
  created_date: '2026-01-01 08:00:00',
  archived: 0,
});
const ALI = driver(7, 'Ali', 'Hassan');
const SARA = driver(8, 'Sara', 'Nour');

const notification = (over: Partial<TNotification>): TNotification => ({
  id: 1,
  title: 'Gate closed',
  body: 'Use the north gate today.',
  driver_id: 7,
  driver_email: 'ali@example.com',
  driver_name: 'Ali Hassan',
  is_text: 1,
  language: 'ar',
  date_created: '2026-03-10 08:00:00',
  seen_at: null,
  media_original: null,
  media_processed: null,
  media_data: null,
  feedback: 0,
  ...over,
});
const TEXT = notification({ id: 2, seen_at: '2026-03-10 08:05:00', feedback: 1 });
const VOICE = notification({
  id: 1,
  title: 'Morning briefing',
  body: '',
  driver_id: 8,
  driver_email: 'sara@example.com',
  driver_name: 'Sara Nour',
  is_text: 0,
  media_original: '/api/files/notifications/8/a.webm',
});

const jsonOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as Record<string, unknown>;

function mockPage(extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'POST /api/notification/get-notifications': () => ok([TEXT, VOICE]),
    'GET /api/driver/get-drivers': () => ok([ALI, SARA, { ...driver(9, 'Old', 'Timer'), archived: 1 }]),
    'GET /api/language/get-languages': () =>
      ok([
        { id: 1, code: 'en', name: 'English' },
        { id: 2, code: 'ar', name: 'Arabic' },
      ]),
    'POST /api/device/send-notification': () => ok({ ids: [10], drivers: 1, push: 'sent' }),
    'POST /api/device/send-voice-notification': () =>
      ok({ ids: [11], drivers: 1, push: 'sent', voice_processing: 'off' }),
    ...extra,
  });
}

const PAGE = '/push-notifications';
const sendForm = async () =>
  screen.findByRole('form', { name: 'Send a notification' }, { timeout: PAGE_LOAD_MS });
const historyTable = async () =>
  screen.findByRole('table', { name: 'Sent notifications' }, { timeout: PAGE_LOAD_MS });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Communication Channel page', () => {
  it('shows the history: type, driver, sent and seen times, acknowledgement and recordings', async () => {
    const fetchMock = mockPage();
    renderApp(PAGE, { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('heading', { name: 'Communication Channel' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    const table = await historyTable();
    const rows = within(table).getAllByRole('row').slice(1);
    // The server's order is kept (newest first).
    expect(rows[0]).toHaveTextContent('Gate closed');
    const text = rows[0]!;
    expect(within(text).getByTitle('Text')).toBeInTheDocument();
    expect(text).toHaveTextContent('ali@example.com');
    expect(text).toHaveTextContent('Ali Hassan');
    expect(text).toHaveTextContent(formatUtc(TEXT.date_created));
    expect(text).toHaveTextContent(formatUtc(TEXT.seen_at));
    expect(within(text).getByTitle('Approved')).toBeInTheDocument();
    expect(within(text).getByRole('button', { name: 'Play original' })).toBeDisabled();
    expect(within(text).getByRole('button', { name: 'Play processed' })).toBeDisabled();

    const voice = rows[1]!;
    expect(within(voice).getByTitle('Voice')).toBeInTheDocument();
    expect(voice).toHaveTextContent('Not seen');
    expect(within(voice).queryByTitle('Approved')).not.toBeInTheDocument();
    expect(within(voice).getByRole('button', { name: 'Play original' })).toBeEnabled();
    expect(within(voice).getByRole('button', { name: 'Play processed' })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST', '/api/notification/get-notifications')[0]?.[0]).toBe(
      '/api/notification/get-notifications?tenant_id=1&page=1&page_size=10',
    );
  });

  it('opens the details of a message: its full text, language, and that voice processing is off', async () => {
    mockPage();
    renderApp(PAGE, { session: SESSIONS.delivery });
    await historyTable();
    await user.click(screen.getByRole('button', { name: 'Details of notification Gate closed' }));
    let dialog = await screen.findByRole('dialog', { name: 'Gate closed' });
    expect(dialog).toHaveTextContent('Use the north gate today.');
    expect(dialog).toHaveTextContent('Arabic');
    expect(dialog).not.toHaveTextContent(m.voiceProcessingOff);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Details of notification Morning briefing' }));
    dialog = await screen.findByRole('dialog', { name: 'Morning briefing' });
    expect(dialog).toHaveTextContent(m.voiceProcessingOff);
  });

  it("shows what voice processing found in a message's details", async () => {
    mockPage({
      'POST /api/notification/get-notifications': () =>
        ok([
          {
            ...VOICE,
            media_processed: '/api/files/notifications/8/b.mp3',
            media_data: { transcribed: 'صباح الخير', language: 'ar', output_text: 'Good morning' },
          },
        ]),
    });
    renderApp(PAGE, { session: SESSIONS.delivery });
    const table = await historyTable();
    expect(within(table).getByRole('button', { name: 'Play processed' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Details of notification Morning briefing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Morning briefing' });
    expect(dialog).toHaveTextContent('صباح الخير');
    expect(dialog).toHaveTextContent('Good morning');
    expect(dialog).not.toHaveTextContent(m.voiceProcessingOff);
  });

  it('says so when nothing has been sent yet, and when the history cannot be loaded', async () => {
    mockPage({ 'POST /api/notification/get-notifications': () => ok([]) });
    const first = renderApp(PAGE, { session: SESSIONS.delivery });
    expect(
      await screen.findByText('No notifications sent yet.', {}, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    first.unmount();

    mockPage({ 'POST /api/notification/get-notifications': () => fail(500, 'Database unavailable') });
    renderApp(PAGE, { session: SESSIONS.delivery });
    expect(
      await screen.findByText('Error on loading: Database unavailable', {}, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
  });

  it('pages the history on the server, the total read from X-Total-Count', async () => {
    const fetchMock = mockPage({
      'POST /api/notification/get-notifications': ({ query }) => {
        const first = 300 - (Number(query.get('page')) - 1) * 10;
        return {
          ...ok(
            Array.from({ length: 10 }, (_, i) =>
              notification({ id: first - i, title: `Notice ${first - i}` }),
            ),
          ),
          headers: { 'x-total-count': '300' },
        };
      },
    });
    renderApp(PAGE, { session: SESSIONS.delivery });
    const table = await historyTable();
    expect(within(table).getByText('Notice 300')).toBeInTheDocument();
    expect(screen.getByText('1–10 of 300')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await within(table).findByText('Notice 290')).toBeInTheDocument();
    const last = callsTo(fetchMock, 'POST', '/api/notification/get-notifications').at(-1);
    const url = new URL(String(last?.[0]), 'http://localhost');
    expect([url.searchParams.get('page'), url.searchParams.get('page_size')]).toEqual(['2', '10']);
  });

  it('asks for the title, the driver and the body, and sends nothing until they are given', async () => {
    const fetchMock = mockPage();
    renderApp(PAGE, { session: SESSIONS.delivery });
    const form = await sendForm();
    // Arabic is the language a message starts in.
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Language' })).toHaveTextContent('Arabic'),
    );
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findAllByText(m.required)).toHaveLength(3);
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(m.required);
    expect(within(form).getByRole('combobox', { name: 'Driver' })).toHaveAccessibleDescription(m.required);
    expect(within(form).getByRole('textbox', { name: 'Body' })).toHaveAccessibleDescription(m.required);
    // Blank text is no text.
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), '   ');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findAllByText(m.required)).toHaveLength(3);
    expect(callsTo(fetchMock, 'POST', '/api/device/send-notification')).toHaveLength(0);
  });

  it('sends a text message to every driver with the ALL option, and refreshes the history', async () => {
    const fetchMock = mockPage({
      'POST /api/device/send-notification': () => ok({ ids: [10, 11], drivers: 2, push: 'sent' }),
    });
    renderApp(PAGE, { session: SESSIONS.delivery });
    const form = await sendForm();
    await historyTable();
    await user.click(within(form).getByRole('combobox', { name: 'Driver' }));
    const options = await screen.findAllByRole('option');
    // ALL comes first; archived drivers are not offered.
    expect(options.map((o) => o.textContent)).toEqual([
      'ALL',
      'Ali Hassan (ali@example.com)',
      'Sara Nour (sara@example.com)',
    ]);
    await user.click(options[0]!);
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Gate closed');
    await user.type(within(form).getByRole('textbox', { name: 'Body' }), 'Use the north gate.');
    const historyCalls = callsTo(fetchMock, 'POST', '/api/notification/get-notifications').length;
    await user.click(within(form).getByRole('button', { name: 'Send' }));

    expect(await within(form).findByText(m.sent)).toBeInTheDocument();
    expect(within(form).queryByText(m.pushOff)).not.toBeInTheDocument();
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/device/send-notification')[0])).toEqual({
      title: 'Gate closed',
      body: 'Use the north gate.',
      driver_id: -1,
      tenant_id: 1,
      language: 'ar',
    });
    // The title and body are cleared for the next message; the driver stays.
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(within(form).getByRole('textbox', { name: 'Body' })).toHaveValue('');
    expect(within(form).getByRole('combobox', { name: 'Driver' })).toHaveValue('ALL');
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST', '/api/notification/get-notifications').length).toBeGreaterThan(
        historyCalls,
      ),
    );
  });

  it('preselects the driver the route names, in the language chosen, and says plainly when Web Push is off', async () => {
    const fetchMock = mockPage({
      'POST /api/device/send-notification': () => ok({ ids: [10], drivers: 1, push: 'off' }),
    });
    renderApp('/push-notifications?driver_id=8&driverName=Sara%20Nour', { session: SESSIONS.delivery });
    const form = await sendForm();
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Driver' })).toHaveValue(
        'Sara Nour (sara@example.com)',
      ),
    );
    await user.click(within(form).getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'English' }));
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Shift');
    await user.type(within(form).getByRole('textbox', { name: 'Body' }), 'Start at 7.');
    await user.click(within(form).getByRole('button', { name: 'Send' }));

    expect(await within(form).findByText(m.sent)).toBeInTheDocument();
    const info = within(form).getByText(m.pushOff).closest('[role="alert"]');
    expect(info).toHaveClass('MuiAlert-standardInfo');
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/device/send-notification')[0])).toMatchObject({
      driver_id: 8,
      language: 'en',
    });
  });

  it("names the tenant's driver term when the driver has no registered device", async () => {
    mockPage({
      'POST /api/device/send-notification': () => ({
        body: { responseCode: 0, responseMessage: 'Staff has no registered tokens.', data: null },
      }),
    });
    renderApp('/push-notifications?driver_id=7&driverName=Ali%20Hassan', { session: SESSIONS.namat });
    const form = await sendForm();
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Shift');
    await user.type(within(form).getByRole('textbox', { name: 'Body' }), 'Start at 7.');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText('Staff has no registered tokens.')).toBeInTheDocument();
    expect(within(form).queryByText(m.sent)).not.toBeInTheDocument();
    // What was typed stays, to send again later.
    expect(within(form).getByRole('textbox', { name: 'Title' })).toHaveValue('Shift');
  });

  it("shows the server's reason when a send fails", async () => {
    mockPage({
      'POST /api/device/send-notification': () => fail(400, m.driverUnknown('Driver')),
    });
    renderApp('/push-notifications?driver_id=99&driverName=Gone', { session: SESSIONS.delivery });
    const form = await sendForm();
    expect(within(form).getByRole('combobox', { name: 'Driver' })).toHaveValue('Gone');
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Shift');
    await user.type(within(form).getByRole('textbox', { name: 'Body' }), 'Start at 7.');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    const alert = (await within(form).findByText(m.driverUnknown('Driver'))).closest('[role="alert"]');
    expect(alert).toHaveClass('MuiAlert-standardError');
  });

  it("opens from a driver's row on the drivers page with that driver chosen", async () => {
    mockPage();
    renderApp('/drivers', { session: SESSIONS.delivery });
    const row = (await screen.findByText('Sara Nour', {}, { timeout: PAGE_LOAD_MS })).closest(
      'tr',
    ) as HTMLElement;
    await user.click(within(row).getByRole('link', { name: 'Push notification to Sara Nour' }));
    const form = await sendForm();
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Driver' })).toHaveValue(
        'Sara Nour (sara@example.com)',
      ),
    );
  });

  it('says when the browser cannot record, and sends no voice message without a recording', async () => {
    const fetchMock = mockPage();
    renderApp('/push-notifications?driver_id=7&driverName=Ali%20Hassan', { session: SESSIONS.delivery });
    const form = await sendForm();
    await user.click(within(form).getByRole('radio', { name: 'Voice' }));
    expect(within(form).queryByRole('textbox', { name: 'Body' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await within(form).findByText(NO_RECORDER)).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Briefing');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    expect(await within(form).findByText(RECORDING_REQUIRED)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/device/send-voice-notification')).toHaveLength(0);
  });

  it('says when microphone access is refused', async () => {
    mockPage();
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
      },
    });
    renderApp(PAGE, { session: SESSIONS.delivery });
    const form = await sendForm();
    await user.click(within(form).getByRole('radio', { name: 'Voice' }));
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await within(form).findByText(/Microphone access was refused/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Stop' })).toBeDisabled();
  });

  it('records, clears and sends a voice message as a data URL', async () => {
    const fetchMock = mockPage();
    const stopTrack = vi.fn();
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: () => Promise.resolve({ getTracks: () => [{ stop: stopTrack }] }) },
    });
    renderApp('/push-notifications?driver_id=7&driverName=Ali%20Hassan', { session: SESSIONS.delivery });
    const form = await sendForm();
    await user.click(within(form).getByRole('radio', { name: 'Voice' }));
    const record = within(form).getByRole('button', { name: 'Record' });
    expect(within(form).getByRole('button', { name: 'Play' })).toBeDisabled();

    await user.click(record);
    expect(await within(form).findByText(/^Recording…/)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Stop' }));
    expect(await within(form).findByText(/^Recorded \d:\d\d$/)).toBeInTheDocument();
    expect(stopTrack).toHaveBeenCalled();
    expect(within(form).getByRole('button', { name: 'Play' })).toBeEnabled();

    await user.click(within(form).getByRole('button', { name: 'Clear' }));
    expect(within(form).getByText('No recording yet')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Play' })).toBeDisabled();

    await user.click(within(form).getByRole('button', { name: 'Record' }));
    await user.click(await within(form).findByRole('button', { name: 'Stop' }));
    await within(form).findByText(/^Recorded/);
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Briefing');
    await user.click(within(form).getByRole('button', { name: 'Send' }));

    expect(await within(form).findByText(m.voiceSent)).toBeInTheDocument();
    expect(within(form).getByText(m.voiceProcessingOff)).toBeInTheDocument();
    const body = jsonOf(callsTo(fetchMock, 'POST', '/api/device/send-voice-notification')[0]);
    expect(body).toMatchObject({ driver_id: 7, tenant_id: 1, language: 'ar', title: 'Briefing' });
    expect(String(body.audio)).toMatch(/^data:audio\/webm;base64,/);
    // Sent: the recording is cleared for the next one.
    expect(within(form).getByText('No recording yet')).toBeInTheDocument();
  });
});

/** A MediaRecorder that hands over a few bytes of "audio" when stopped. */
class FakeRecorder {
  state: 'inactive' | 'recording' = 'inactive';
  mimeType = 'audio/webm';
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['OggS fake audio'], { type: 'audio/webm' }) });
    this.onstop?.();
  }
}
