import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, driverFileUrl, type TDriverFile } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, fail, mockApi, ok, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const user = userEvent.setup({ delay: null });
/** The page is a lazy chunk; under a full parallel run it can take a few seconds to load. */
const PAGE_LOAD_MS = 10_000;
const m = MESSAGES.driverFiles;

const file = (id: number, title: string, fileName: string): TDriverFile => {
  const path = `0000000${id}-aaaa-4bbb-8ccc-dddddddddddd.pdf`;
  return {
    id,
    driver_id: 7,
    title,
    path,
    file_name: fileName,
    content_type: 'application/pdf',
    bytes: 48_200,
    url: driverFileUrl(7, path),
    created_date: '2026-03-10 08:00:00',
    updated_date: '2026-03-10 08:00:00',
  };
};
const LICENCE = file(1, 'Driving licence', 'licence.pdf');
const CONTRACT = file(2, 'Contract', 'contract 2026.pdf');

const jsonOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as Record<string, unknown>;
const formOf = (call: unknown[] | undefined) => (call?.[1] as RequestInit).body as FormData;

function mockFiles(extra: Record<string, MockHandler> = {}) {
  let files = [CONTRACT, LICENCE];
  return mockApi({
    'POST /api/drivers-files/get-file': () => ok(files),
    'POST /api/drivers-files/save-file': () => {
      files = [file(3, 'Permit', 'permit.pdf'), ...files];
      return ok(files[0]);
    },
    'POST /api/drivers-files/edit-file': ({ body }) => {
      const { id, title } = body as { id: number; title: string };
      files = files.map((f) => (f.id === id ? { ...f, title } : f));
      return ok(files.find((f) => f.id === id));
    },
    'POST /api/drivers-files/delete-file': ({ body }) => {
      files = files.filter((f) => f.id !== (body as { id: number }).id);
      return ok(null);
    },
    'POST /api/drivers-files/send-file': () => ok({ via: 'outbox' }),
    ...extra,
  });
}

const PAGE = '/driver-file/7&Ali%20Hassan';
const rowOf = async (text: string) => {
  const table = await screen.findByRole('table', {}, { timeout: PAGE_LOAD_MS });
  return (await within(table).findByText(text)).closest('tr') as HTMLElement;
};

describe('Driver files page', () => {
  it("lists the driver's files with download links, and goes back to the drivers", async () => {
    const fetchMock = mockFiles();
    renderApp(PAGE, { session: SESSIONS.delivery });
    expect(
      await screen.findByRole('heading', { name: 'Files of Ali Hassan' }, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
    const row = await rowOf('Driving licence');
    const link = within(row).getByRole('link', { name: 'Download licence.pdf' });
    expect(link).toHaveAttribute('href', LICENCE.url);
    expect(link).toHaveAttribute('download', 'licence.pdf');
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/drivers-files/get-file')[0])).toEqual({ id: 7 });
    // Newest first.
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Contract');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/drivers');
  });

  it('says so when the driver has no files', async () => {
    mockFiles({ 'POST /api/drivers-files/get-file': () => ok([]) });
    renderApp(PAGE, { session: SESSIONS.delivery });
    expect(
      await screen.findByText('No files for Ali Hassan yet.', {}, { timeout: PAGE_LOAD_MS }),
    ).toBeInTheDocument();
  });

  it('adds a file: a title and a file are both required, and a refusal says why', async () => {
    let refuse = true;
    const fetchMock = mockFiles({
      'POST /api/drivers-files/save-file': () => {
        if (refuse) return fail(400, m.notAllowed);
        return ok(file(3, 'Permit', 'permit.pdf'));
      },
    });
    renderApp(PAGE, { session: SESSIONS.delivery });
    await user.click(await screen.findByRole('button', { name: 'Add' }, { timeout: PAGE_LOAD_MS }));
    const dialog = await screen.findByRole('dialog', { name: 'Add File' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(m.required)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^File Title/), 'Permit');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(m.required)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/drivers-files/save-file')).toHaveLength(0);

    const pdf = new File(['%PDF-1.4'], 'permit.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByTestId('driver-file-input'), pdf);
    expect(within(dialog).getByText('permit.pdf')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(`${m.uploadFailed}${m.notAllowed}`)).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(m.saved)).toBeInTheDocument();
    const form = formOf(callsTo(fetchMock, 'POST', '/api/drivers-files/save-file')[1]);
    expect(form.get('id')).toBe('7');
    expect(form.get('title')).toBe('Permit');
    expect((form.get('file') as File).name).toBe('permit.pdf');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add File' })).not.toBeInTheDocument());
  });

  it('renames a file; an empty title does nothing', async () => {
    const fetchMock = mockFiles();
    renderApp(PAGE, { session: SESSIONS.delivery });
    await rowOf('Driving licence');
    await user.click(screen.getByRole('button', { name: 'Edit file Driving licence' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit File Title' });
    await user.clear(within(dialog).getByLabelText('File Title'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit File Title' })).not.toBeInTheDocument(),
    );
    expect(callsTo(fetchMock, 'POST', '/api/drivers-files/edit-file')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Edit file Driving licence' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit File Title' });
    await user.clear(within(dialog).getByLabelText('File Title'));
    await user.type(within(dialog).getByLabelText('File Title'), 'Licence (renewed){Enter}');
    expect(await screen.findByText(m.updated)).toBeInTheDocument();
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/drivers-files/edit-file')[0])).toEqual({
      id: 1,
      title: 'Licence (renewed)',
    });
    expect(await rowOf('Licence (renewed)')).toBeInTheDocument();
  });

  it('e-mails a file to a checked address and says when it went to the outbox', async () => {
    const fetchMock = mockFiles();
    renderApp(PAGE, { session: SESSIONS.delivery });
    await rowOf('Driving licence');
    await user.click(screen.getByRole('button', { name: 'E-mail file Driving licence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send "Driving licence" by e-mail' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(m.emailRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('E-mail'), 'not-an-address{Enter}');
    expect(await within(dialog).findByText(MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/drivers-files/send-file')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText('E-mail'));
    await user.type(within(dialog).getByLabelText('E-mail'), 'hr@example.com{Enter}');
    expect(await screen.findByText(m.sentToOutbox)).toBeInTheDocument();
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/drivers-files/send-file')[0])).toEqual({
      file: 1,
      Driver_id: 7,
      email: 'hr@example.com',
    });
  });

  it('asks to confirm an address outside the organisation before sending there', async () => {
    const outside = MESSAGES.mail.outsideRecipient('accountant@example.org');
    const fetchMock = mockFiles({
      'POST /api/drivers-files/send-file': ({ body }) =>
        (body as { confirm_outside?: boolean }).confirm_outside === true
          ? ok({ via: 'smtp' })
          : fail(409, outside),
    });
    renderApp(PAGE, { session: SESSIONS.delivery });
    await rowOf('Driving licence');
    await user.click(screen.getByRole('button', { name: 'E-mail file Driving licence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send "Driving licence" by e-mail' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('E-mail'), 'accountant@example.org{Enter}');
    expect(await within(dialog).findByText(outside)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('checkbox', { name: /outside the organisation/ });
    expect(confirm).not.toBeChecked();
    await user.click(confirm);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(m.sent)).toBeInTheDocument();
    const calls = callsTo(fetchMock, 'POST', '/api/drivers-files/send-file');
    expect(calls.map(jsonOf)).toEqual([
      { file: 1, Driver_id: 7, email: 'accountant@example.org' },
      { file: 1, Driver_id: 7, email: 'accountant@example.org', confirm_outside: true },
    ]);
  });

  it('deletes a file after the spec question', async () => {
    const fetchMock = mockFiles();
    renderApp(PAGE, { session: SESSIONS.delivery });
    await rowOf('Driving licence');
    await user.click(screen.getByRole('button', { name: 'Delete file Driving licence' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(MESSAGES.deleteQuestion('File'))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(m.deleted)).toBeInTheDocument();
    expect(jsonOf(callsTo(fetchMock, 'POST', '/api/drivers-files/delete-file')[0])).toEqual({ id: 1 });
    await waitFor(() => expect(screen.queryByText('Driving licence')).not.toBeInTheDocument());
  });
});
