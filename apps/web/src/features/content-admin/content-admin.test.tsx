import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBlogPostAdmin, TContactRequestRow } from '@fleet/contract';
import { SESSIONS } from '../../test/fixtures';
import { callsTo, fail, mockApi, ok } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const POST: TBlogPostAdmin = {
  id: 4,
  title: 'Proof of delivery that settles disputes',
  slug: 'proof-of-delivery-that-settles-disputes',
  excerpt: 'What makes proof useful.',
  author: 'Fleet Console team',
  published_at: '2025-03-18T08:00:00.000Z',
  content: '<p>Body</p>',
  featured_image: null,
  status: 'published',
  content_format: 'markdown',
  content_source: 'Body',
  updated_at: '2025-03-18T08:00:00.000Z',
};
const DRAFT: TBlogPostAdmin = {
  ...POST,
  id: 5,
  title: 'Idle time',
  slug: 'idle-time',
  status: 'draft',
  published_at: null,
};

const REQUEST: TContactRequestRow = {
  id: 9,
  kind: 'contact',
  name: 'Mona Saeed',
  email: 'mona@logistics.example',
  company: 'Gulf Logistics',
  company_size: null,
  phone: '+971 4 555 0101',
  message: 'We run 40 vans and would like to see the approvals.',
  mailed: true,
  created_at: '2025-11-02 09:15:00',
};

describe('blog editor (super admin)', () => {
  it('lists every post with its state, linking the live ones to the public page', async () => {
    mockApi({ 'GET /api/v1/content/blogs': () => ok([POST, DRAFT]) });
    renderApp('/content/blog', { session: SESSIONS.superAdmin });
    const table = await screen.findByRole('table', { name: 'Blog' });
    const live = within(table).getByRole('link', { name: POST.title });
    expect(live).toHaveAttribute('href', `/blog/${POST.slug}`);
    expect(live).toHaveAttribute('target', '_blank');
    expect(within(table).getByText('Published')).toBeInTheDocument();
    expect(within(table).getByText('Draft')).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Idle time' })).not.toBeInTheDocument();
  });

  it('writes a post: slug from the title, a server preview, then saved and listed', async () => {
    const posts: TBlogPostAdmin[] = [];
    const fetchMock = mockApi({
      'GET /api/v1/content/blogs': () => ok(posts),
      'POST /api/v1/content/blogs/preview': () => ok({ html: '<h2>Fuel</h2><p>Check the receipts.</p>' }),
      'POST /api/v1/content/blogs': ({ body }) => {
        const saved = { ...POST, ...(body as object), id: 8 } as TBlogPostAdmin;
        posts.push(saved);
        return ok(saved);
      },
    });
    const user = userEvent.setup();
    renderApp('/content/blog', { session: SESSIONS.superAdmin });
    await user.click(await screen.findByRole('button', { name: 'Write a post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a post' });
    await user.type(within(dialog).getByLabelText('Title'), 'Spotting fuel fraud!');
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('spotting-fuel-fraud');
    await user.type(within(dialog).getByLabelText('Content'), '## Fuel');
    await user.click(within(dialog).getByRole('tab', { name: 'Preview' }));
    const preview = await within(dialog).findByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Fuel' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = callsTo(fetchMock, 'POST', '/api/v1/content/blogs');
    expect(JSON.parse(String(call![1]!.body))).toMatchObject({
      title: 'Spotting fuel fraud!',
      slug: 'spotting-fuel-fraud',
      content_format: 'markdown',
      content: '## Fuel',
      status: 'draft',
      published_at: null,
    });
    expect(await screen.findByText('Post saved.')).toBeInTheDocument();
    expect(await screen.findByText('Spotting fuel fraud!')).toBeInTheDocument();
  });

  it('shows the contract message for a malformed slug and the server message for a taken one', async () => {
    mockApi({
      'GET /api/v1/content/blogs': () => ok([POST]),
      'PUT /api/v1/content/blogs/4': () => fail(409, 'Another post already uses this slug.'),
    });
    const user = userEvent.setup();
    renderApp('/content/blog', { session: SESSIONS.superAdmin });
    await user.click(await screen.findByRole('button', { name: `Edit ${POST.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    const slug = within(dialog).getByLabelText('Slug');
    await user.clear(slug);
    await user.type(slug, 'Not A Slug');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Use lower-case letters, digits and single dashes'),
    ).toBeInTheDocument();
    await user.clear(slug);
    await user.type(slug, 'taken');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another post already uses this slug.')).toBeInTheDocument();
  });

  it('deletes a post after confirmation', async () => {
    const fetchMock = mockApi({
      'GET /api/v1/content/blogs': () => ok([POST]),
      'DELETE /api/v1/content/blogs/4': () => ok(null),
    });
    const user = userEvent.setup();
    renderApp('/content/blog', { session: SESSIONS.superAdmin });
    await user.click(await screen.findByRole('button', { name: `Delete ${POST.title}` }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete this post, This action cannot be undone!',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Post deleted.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/v1/content/blogs/4')).toHaveLength(1);
  });

  it('is the super admin’s only: a tenant admin is sent to the Overview', async () => {
    mockApi();
    const { router } = renderApp('/content/blog', { session: SESSIONS.delivery });
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'));
  });
});

describe('inbox (super admin)', () => {
  it('lists contact, demo and newsletter requests and opens one to read in full', async () => {
    mockApi({
      'GET /api/v1/content/requests': () =>
        ok([
          REQUEST,
          {
            ...REQUEST,
            id: 10,
            kind: 'newsletter',
            name: null,
            company: null,
            phone: null,
            message: null,
            mailed: false,
          },
        ]),
    });
    const user = userEvent.setup();
    renderApp('/content/inbox', { session: SESSIONS.superAdmin });
    const table = await screen.findByRole('table', { name: 'Inbox' });
    expect(within(table).getByText('Contact form')).toBeInTheDocument();
    expect(within(table).getByText('Newsletter')).toBeInTheDocument();
    expect(within(table).getByText('Not sent')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Read the request from Mona Saeed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact form' });
    expect(dialog).toHaveTextContent('We run 40 vans and would like to see the approvals.');
    expect(within(dialog).getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
      'href',
      'mailto:mona@logistics.example',
    );
  });
});
