import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  TBlogPostAdmin,
  TContactRequestRow,
  TLandingSectionStored,
  TLandingSections,
} from '@fleet/contract';
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

const LANDING: TLandingSections = {
  hero_section: {
    eyebrow: 'Fleet operations console',
    title: 'Every driver, vehicle and trip in one place',
    subtitle: 'Plan trips and follow them live.',
    primary_label: 'Free consultation',
    secondary_label: 'How it works',
  },
  detail_section: {
    title: 'From plan to proof',
    intro: 'One record follows the work.',
    steps: [
      { title: 'Plan the trip', text: 'Pick the stops.' },
      { title: 'Follow it live', text: 'See the map.' },
    ],
  },
  about_section: {
    title: 'A console made by people who connect systems',
    text: '25 years of integration.',
    points: ['Your own words.', 'Open maps.'],
  },
  feature_section: {
    title: 'What the console does',
    intro: 'The daily tools.',
    items: [{ icon: 'map', title: 'Real-time tracking', text: 'Every driver on a live map.' }],
  },
  software_section: {
    title: 'In the cloud or on your own servers',
    intro: 'You choose.',
    options: [
      { title: 'Cloud', text: 'We run it.' },
      { title: 'On-premises', text: 'You run it.' },
    ],
  },
  demo_section: {
    title: 'See it with your own fleet',
    text: 'Ask for a demo.',
    button_label: 'Request a demo',
    request: 'I would like a demo.',
  },
  contact_section: { title: 'Talk to us', text: 'Tell us about your fleet.' },
};
const SAVED_AT = '2025-11-02T09:15:00.000Z';
const STORED: TLandingSectionStored[] = Object.entries(LANDING).map(([key, content]) => ({
  key: key as keyof TLandingSections,
  content,
  updated_at: SAVED_AT,
}));

/** The server's answer to a save: the section as sent. */
const savedAs =
  (key: string) =>
  ({ body }: { body: unknown }) =>
    ok({ key, content: (body as { content: unknown }).content, updated_at: SAVED_AT });

/** Opens a section's panel (the Hero is open already) and answers its form. */
async function openSection(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(await screen.findByRole('button', { name: new RegExp(`^${title}`) }));
  return screen.findByRole('form', { name: title });
}

const putBody = (fetchMock: ReturnType<typeof mockApi>, key: string) =>
  callsTo(fetchMock, 'PUT', `/api/v1/content/landing-page/${key}`).map(([, init]) =>
    JSON.parse(String(init!.body)),
  );

describe('landing page editor (super admin)', () => {
  it('lists the seven sections, fills them from the stored content and links to the live page', async () => {
    mockApi({ 'GET /api/v1/content/landing-page': () => ok(STORED) });
    const user = userEvent.setup();
    renderApp('/content/landing', { session: SESSIONS.superAdmin });
    expect(await screen.findByRole('heading', { name: 'Landing page', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the landing page' })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'View the landing page' })).toHaveAttribute('href', '/');
    const titles = (await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent);
    expect(titles.map((t) => t?.split('Last saved')[0])).toEqual([
      'Hero',
      'How it works',
      'About',
      'Features',
      'Software options',
      'Demo',
      'Contact',
    ]);

    const hero = screen.getByRole('form', { name: 'Hero' });
    expect(within(hero).getByLabelText('Title')).toHaveValue(LANDING.hero_section.title);
    expect(within(hero).getByLabelText('First button')).toHaveValue('Free consultation');
    const features = await openSection(user, 'Features');
    const item = within(features).getByRole('listitem', { name: 'Feature 1' });
    expect(within(item).getByRole('combobox', { name: 'Icon' })).toHaveTextContent('Map');
    expect(within(item).getByLabelText('Title')).toHaveValue('Real-time tracking');
    const about = await openSection(user, 'About');
    expect(
      within(about)
        .getAllByLabelText('Point')
        .map((f) => (f as HTMLTextAreaElement).value),
    ).toEqual(LANDING.about_section.points);
  });

  it('refuses an empty title with the field’s message and sends nothing', async () => {
    const fetchMock = mockApi({ 'GET /api/v1/content/landing-page': () => ok(STORED) });
    const user = userEvent.setup();
    renderApp('/content/landing', { session: SESSIONS.superAdmin });
    const hero = await screen.findByRole('form', { name: 'Hero' });
    await user.clear(within(hero).getByLabelText('Title'));
    await user.click(within(hero).getByRole('button', { name: 'Save' }));
    expect(await within(hero).findByText('Field is required')).toBeInTheDocument();
    expect(putBody(fetchMock, 'hero_section')).toEqual([]);
  });

  it('saves the edited section, says so, and Reset then returns to what was saved', async () => {
    const fetchMock = mockApi({
      'GET /api/v1/content/landing-page': () => ok(STORED),
      'PUT /api/v1/content/landing-page/hero_section': savedAs('hero_section'),
    });
    const user = userEvent.setup();
    renderApp('/content/landing', { session: SESSIONS.superAdmin });
    let hero = await screen.findByRole('form', { name: 'Hero' });
    await user.clear(within(hero).getByLabelText('Title'));
    await user.type(within(hero).getByLabelText('Title'), '  Your fleet, one screen ');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    // Closing and opening the panel keeps the edit.
    await user.click(screen.getByRole('button', { name: /^Hero/ }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Hero' })).not.toBeInTheDocument());
    hero = await openSection(user, 'Hero');
    const title = within(hero).getByLabelText('Title');
    expect(title).toHaveValue('  Your fleet, one screen ');
    await user.click(within(hero).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Hero saved.')).toBeInTheDocument();
    expect(putBody(fetchMock, 'hero_section')).toEqual([
      { content: { ...LANDING.hero_section, title: 'Your fleet, one screen' } },
    ]);
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    await user.type(title, ' today');
    await user.click(within(hero).getByRole('button', { name: 'Reset' }));
    expect(title).toHaveValue('Your fleet, one screen');
  });

  it('adds, moves and removes points and sends them in their new order', async () => {
    const fetchMock = mockApi({
      'GET /api/v1/content/landing-page': () => ok(STORED),
      'PUT /api/v1/content/landing-page/about_section': savedAs('about_section'),
    });
    const user = userEvent.setup();
    renderApp('/content/landing', { session: SESSIONS.superAdmin });
    const about = await openSection(user, 'About');
    await user.click(within(about).getByRole('button', { name: 'Add a point' }));
    await user.type(within(about).getAllByLabelText('Point')[2]!, 'Xlsx.');
    await user.click(within(about).getByRole('button', { name: 'Move point 3 up' }));
    await user.click(within(about).getByRole('button', { name: 'Remove point 1' }));
    await user.click(within(about).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('About saved.')).toBeInTheDocument();
    expect(putBody(fetchMock, 'about_section')[0].content.points).toEqual(['Xlsx.', 'Open maps.']);
  });

  it('adds a feature with an icon picked from the site’s icons', async () => {
    const fetchMock = mockApi({
      'GET /api/v1/content/landing-page': () => ok(STORED),
      'PUT /api/v1/content/landing-page/feature_section': savedAs('feature_section'),
    });
    const user = userEvent.setup();
    renderApp('/content/landing', { session: SESSIONS.superAdmin });
    const features = await openSection(user, 'Features');
    await user.click(within(features).getByRole('button', { name: 'Add a feature' }));
    const added = within(features).getByRole('listitem', { name: 'Feature 2' });
    await user.click(within(added).getByRole('combobox', { name: 'Icon' }));
    await user.click(await screen.findByRole('option', { name: 'Fuel' }));
    await user.type(within(added).getByLabelText('Title'), 'Fuel');
    await user.type(within(added).getByLabelText('Text'), 'Litres.');
    await user.click(within(features).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Features saved.')).toBeInTheDocument();
    expect(putBody(fetchMock, 'feature_section')[0].content.items).toEqual([
      LANDING.feature_section.items[0],
      { icon: 'fuel', title: 'Fuel', text: 'Litres.' },
    ]);
  });

  it('refuses an empty list before sending, and shows the server’s refusal', async () => {
    const fetchMock = mockApi({
      'GET /api/v1/content/landing-page': () => ok(STORED),
      'PUT /api/v1/content/landing-page/detail_section': () =>
        fail(400, 'steps.1.title: Must be at most 200 characters'),
    });
    const user = userEvent.setup();
    renderApp('/content/landing', { session: SESSIONS.superAdmin });
    const details = await openSection(user, 'How it works');
    await user.click(within(details).getByRole('button', { name: 'Remove step 2' }));
    await user.click(within(details).getByRole('button', { name: 'Remove step 1' }));
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(await within(details).findByText('Add at least one item')).toBeInTheDocument();
    expect(putBody(fetchMock, 'detail_section')).toEqual([]);

    await user.click(within(details).getByRole('button', { name: 'Reset' }));
    await user.click(within(details).getByRole('button', { name: 'Save' }));
    expect(
      await within(details).findByText('steps.1.title: Must be at most 200 characters'),
    ).toBeInTheDocument();
    expect(putBody(fetchMock, 'detail_section')).toHaveLength(1);
  });

  it('starts a section that was never saved empty, saying why', async () => {
    mockApi({
      'GET /api/v1/content/landing-page': () =>
        ok(STORED.map((s) => (s.key === 'hero_section' ? { ...s, content: null, updated_at: null } : s))),
    });
    renderApp('/content/landing', { session: SESSIONS.superAdmin });
    const hero = await screen.findByRole('form', { name: 'Hero' });
    expect(within(hero).getByRole('alert')).toHaveTextContent('This section has never been saved');
    expect(within(hero).getByLabelText('Title')).toHaveValue('');
    expect(screen.getByText('Never saved')).toBeInTheDocument();
  });

  it('says when the sections could not be loaded', async () => {
    mockApi({ 'GET /api/v1/content/landing-page': () => fail(500, 'Something went wrong on our side.') });
    renderApp('/content/landing', { session: SESSIONS.superAdmin });
    expect(
      await screen.findByText('Error on loading: Something went wrong on our side.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('is the super admin’s only: a tenant admin is sent to the Overview', async () => {
    mockApi();
    const { router } = renderApp('/content/landing', { session: SESSIONS.delivery });
    await waitFor(() => expect(router.state.location.pathname).toBe('/overview'));
  });
});
