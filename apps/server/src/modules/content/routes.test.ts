import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDING_SECTION_KEYS, ZLandingSection } from '@fleet/contract';
import { LANDING_SECTIONS, seedLandingSections } from '../../db/seed/site-content.ts';
import { call, createTestApp, DEMO, type TestApp } from '../../test/app.ts';

// A real SMTP server on a free local port stands in for the sales mailbox.
const received: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  onData(stream, _session, done) {
    let text = '';
    stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    stream.on('end', () => {
      received.push(text);
      done();
    });
  },
});

let t: TestApp;
let superAdmin: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    SALES_EMAIL: 'sales@fleet.example',
    CONTACT_MAX_PER_HOUR: '6',
  });
  superAdmin = await t.login(DEMO.super.email, DEMO.super.password);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });

describe('POST /api/content/contacts', () => {
  it('stores the request, mails it to sales and lists it in the super admin inbox', async () => {
    const res = await post('/api/content/contacts', {
      data: {
        name: 'Mona Saeed',
        email: 'mona@logistics.example',
        company: 'Gulf Logistics',
        telephone: '+971 4 555 0101',
        message: 'We run 40 vans.',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toEqual(expect.any(Number));
    const mail = received.at(-1)!;
    expect(mail).toContain('To: sales@fleet.example');
    expect(mail).toContain('Reply-To: mona@logistics.example');
    expect(mail).toContain('We run 40 vans.');
    const inbox = await call(t, superAdmin, 'GET', '/api/v1/content/requests');
    expect(inbox.body.data[0]).toMatchObject({
      kind: 'contact',
      email: 'mona@logistics.example',
      company: 'Gulf Logistics',
      mailed: true,
    });
  });

  it('refuses missing fields with the spec messages and stores nothing', async () => {
    const before = (await call(t, superAdmin, 'GET', '/api/v1/content/requests')).body.data.length;
    const res = await post('/api/content/contacts', {
      data: { name: '', email: 'bad', company: '', telephone: '', message: '' },
    });
    expect(res.statusCode).toBe(400);
    const messages = res.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Full name is required.',
        'Enter a valid email address.',
        'Telephone is required.',
        'Company is required.',
        'Message is required.',
      ]),
    );
    expect((await call(t, superAdmin, 'GET', '/api/v1/content/requests')).body.data.length).toBe(before);
  });
});

describe('POST /api/admin/send-email', () => {
  it('takes a newsletter sign-up (e-mail alone) and a landing demo request', async () => {
    const news = await post('/api/admin/send-email', { email: '  reader@fleet.example ' });
    expect(news.json()).toEqual({
      responseCode: 1,
      responseMessage: 'Your message has been sent successfully.',
      data: null,
    });
    const demo = await post('/api/admin/send-email', {
      name: 'Omar',
      email: 'omar@bus.example',
      companySize: '11-50',
      phoneNumber: '+971 50 000 0000',
      discuss: 'I would like to request a demo.',
    });
    expect(demo.statusCode).toBe(200);
    const kinds = (await call(t, superAdmin, 'GET', '/api/v1/content/requests')).body.data.map(
      (r: { kind: string }) => r.kind,
    );
    expect(kinds.slice(0, 2)).toEqual(['landing', 'newsletter']);
    expect(received.at(-1)).toContain('Company size: 11-50');
  });

  it('refuses a bad e-mail, and limits how often one address may send', async () => {
    expect((await post('/api/admin/send-email', { email: 'nope' })).statusCode).toBe(400);
    let last = 200;
    for (let i = 0; i < 6; i++)
      last = (await post('/api/admin/send-email', { email: `r${i}@fleet.example` })).statusCode;
    expect(last).toBe(429);
  });
});

const publishedTotal = async (): Promise<number> =>
  (await t.app.inject({ method: 'GET', url: '/api/content/blogs' })).json().meta.pagination.total;

describe('blog', () => {
  // The demo seed publishes its own articles; the counts below are on top of them.
  let seeded = 0;
  beforeAll(async () => {
    seeded = await publishedTotal();
  });

  const xss =
    '<p>Safe</p><img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a>';

  it('publishes a post written by the super admin, sanitised, at its slug and in the list', async () => {
    const draft = await call(t, superAdmin, 'POST', '/api/v1/content/blogs', {
      title: 'Cutting idle time',
      slug: 'cutting-idle-time',
      excerpt: 'Five habits.',
      author: 'Fleet team',
      content_format: 'html',
      content: xss,
      status: 'draft',
    });
    expect(draft.body.data).toMatchObject({ status: 'draft', published_at: null });
    const hidden = await t.app.inject({
      method: 'GET',
      url: '/api/content/blogs?filters[slug][$eq]=cutting-idle-time&populate=featured_image',
    });
    expect(hidden.json().data).toEqual([]);

    const published = await call(t, superAdmin, 'PUT', `/api/v1/content/blogs/${draft.body.data.id}`, {
      title: 'Cutting idle time',
      slug: 'cutting-idle-time',
      content_format: 'html',
      content: xss,
      status: 'published',
      featured_image_url: '/images/idle.png',
      featured_image_alt: 'A van at a depot',
    });
    expect(published.body.data.status).toBe('published');
    const one = await t.app.inject({
      method: 'GET',
      url: '/api/content/blogs?filters[slug][$eq]=cutting-idle-time&populate=featured_image',
    });
    const post1 = one.json().data[0];
    expect(post1.content).toContain('<p>Safe</p>');
    expect(post1.content).not.toMatch(/onerror|<script|javascript:/);
    expect(post1.featured_image).toEqual({ url: '/images/idle.png', alternativeText: 'A van at a depot' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/content/blogs?pagination[page]=1&pagination[pageSize]=10',
    });
    expect(list.json().meta.pagination).toEqual({
      page: 1,
      pageSize: 10,
      pageCount: Math.ceil((seeded + 1) / 10),
      total: seeded + 1,
    });
  });

  it('takes a featured image only from this site or an https: address, as a browser would read it', async () => {
    const post = (featured_image_url: string) =>
      call(t, superAdmin, 'POST', '/api/v1/content/blogs', {
        title: 'Images',
        slug: `images-${Math.random().toString(36).slice(2, 8)}`,
        content: 'Body',
        featured_image_url,
      });
    for (const bad of [
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      '/\t/evil.example/x.png',
      'http://cdn.example/x.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
    ]) {
      const res = await post(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.responseMessage, bad).toBe(
        'Give an https:// address or a path on this site starting with /',
      );
    }
    for (const good of ['/images/idle.png', 'https://cdn.example/x.png']) {
      expect((await post(good)).status, good).toBe(200);
    }
  });

  it('pages the list and answers the latest posts with a limit', async () => {
    for (let i = 0; i < 11; i++) {
      await call(t, superAdmin, 'POST', '/api/v1/content/blogs', {
        title: `Post ${i}`,
        slug: `post-${i}`,
        content: `Body **${i}**`,
        status: 'published',
        published_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      });
    }
    const page2 = (
      await t.app.inject({
        method: 'GET',
        url: '/api/content/blogs?pagination[page]=2&pagination[pageSize]=10',
      })
    ).json();
    const total = seeded + 12;
    expect(page2.meta.pagination).toMatchObject({ page: 2, pageCount: Math.ceil(total / 10), total });
    expect(page2.data).toHaveLength(Math.min(10, total - 10));
    const latest = (
      await t.app.inject({
        method: 'GET',
        url: '/api/content/blogs?sort=published_at:desc&pagination[limit]=3',
      })
    ).json();
    expect(latest.data.map((p: { slug: string }) => p.slug)).toEqual([
      'cutting-idle-time',
      'post-10',
      'post-9',
    ]);
  });

  it('refuses a taken or malformed slug, and keeps the editor for the super admin', async () => {
    const dup = await call(t, superAdmin, 'POST', '/api/v1/content/blogs', { title: 'x', slug: 'post-1' });
    expect(dup.status).toBe(409);
    const bad = await call(t, superAdmin, 'POST', '/api/v1/content/blogs', {
      title: 'x',
      slug: 'Not A Slug',
    });
    expect(bad.body.responseMessage).toBe('Use lower-case letters, digits and single dashes');
    const admin = await t.login(DEMO.delivery.email, DEMO.delivery.password);
    expect((await call(t, admin, 'POST', '/api/v1/content/blogs', { title: 'x', slug: 'x' })).status).toBe(
      403,
    );
    expect((await call(t, superAdmin, 'DELETE', '/api/v1/content/blogs/99999')).status).toBe(404);
  });
});

describe('POST /api/v1/content/blogs/preview', () => {
  it('answers the sanitised HTML a post would get, and stores nothing', async () => {
    const before = await publishedTotal();
    const res = await call(t, superAdmin, 'POST', '/api/v1/content/blogs/preview', {
      content_format: 'markdown',
      content: '## Fuel\n\n**Check** the receipts.<script>alert(1)</script>[x](javascript:alert(1))',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.html).toContain('<h2>Fuel</h2>');
    expect(res.body.data.html).toContain('<strong>Check</strong>');
    expect(res.body.data.html).not.toMatch(/<script|javascript:/);
    expect(await publishedTotal()).toBe(before);
  });
});

describe('seeded content', () => {
  it('has every landing section and the demo articles, published with rendered HTML', async () => {
    const landing = (
      await t.app.inject({ method: 'GET', url: '/api/content/landing-page?populate=deep' })
    ).json();
    expect(landing.data.hero_section).toMatchObject({ primary_label: 'Free consultation' });
    expect(Object.values(landing.data).every((section) => section !== null)).toBe(true);
    const article = (
      await t.app.inject({
        method: 'GET',
        url: '/api/content/blogs?filters[slug][$eq]=proof-of-delivery-that-settles-disputes',
      })
    ).json().data[0];
    expect(article.title).toBe('Proof of delivery that settles disputes');
    expect(article.content).toContain('<h2>What proof has to show</h2>');
    expect(article.published_at).toBe('2025-03-18T08:00:00.000Z');
  });

  it('keeps a landing section the super admin edited when the reference data is written again', async () => {
    const edited = { ...LANDING_SECTIONS.demo_section, title: 'Book a walkthrough' };
    await call(t, superAdmin, 'PUT', '/api/v1/content/landing-page/demo_section', { content: edited });
    await seedLandingSections(t.database.db);
    const landing = (await t.app.inject({ method: 'GET', url: '/api/content/landing-page' })).json();
    expect(landing.data.demo_section.title).toBe('Book a walkthrough');
  });
});

const publicLanding = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/content/landing-page?populate=deep' })).json().data;

describe('GET /api/v1/content/landing-page', () => {
  it('answers every section in page order as stored, with when it was last saved', async () => {
    const res = await call(t, superAdmin, 'GET', '/api/v1/content/landing-page');
    expect(res.status).toBe(200);
    expect(res.body.data.map((s: { key: string }) => s.key)).toEqual([...LANDING_SECTION_KEYS]);
    const hero = res.body.data[0];
    expect(hero.content).toEqual((await publicLanding()).hero_section);
    expect(new Date(hero.updated_at).getTime()).not.toBeNaN();
  });

  it('is refused to a tenant admin', async () => {
    const admin = await t.login(DEMO.delivery.email, DEMO.delivery.password);
    expect((await call(t, admin, 'GET', '/api/v1/content/landing-page')).status).toBe(403);
  });
});

describe('PUT /api/v1/content/landing-page/:key', () => {
  const features = LANDING_SECTIONS.feature_section;

  it('stores a section that fits, trimmed and without unknown fields; the public call shows it', async () => {
    const res = await call(t, superAdmin, 'PUT', '/api/v1/content/landing-page/feature_section', {
      content: {
        ...features,
        title: '  Everything a dispatcher needs  ',
        items: [{ icon: 'fuel', title: 'Fuel', text: 'Refuels per driver.', colour: 'red' }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.responseMessage).toBe('Section saved.');
    const saved = {
      title: 'Everything a dispatcher needs',
      intro: features.intro,
      items: [{ icon: 'fuel', title: 'Fuel', text: 'Refuels per driver.' }],
    };
    expect(res.body.data).toMatchObject({ key: 'feature_section', content: saved });
    expect((await publicLanding()).feature_section).toEqual(saved);
  });

  const steps = LANDING_SECTIONS.detail_section.steps;
  it.each([
    [
      'a missing field',
      'detail_section',
      { ...LANDING_SECTIONS.detail_section, steps: [steps[0], steps[1], { text: 'No title' }] },
      'steps.2.title: Field is required',
    ],
    [
      'a field of the wrong type',
      'demo_section',
      { ...LANDING_SECTIONS.demo_section, button_label: 42 },
      'button_label: Must be text',
    ],
    [
      'an empty title',
      'hero_section',
      { ...LANDING_SECTIONS.hero_section, title: '   ' },
      'title: Field is required',
    ],
    [
      'an icon the site does not have',
      'feature_section',
      { ...features, items: [{ ...features.items[0], icon: 'rocket' }] },
      'items.0.icon: Choose one of the site’s icons',
    ],
    [
      'an empty list',
      'about_section',
      { ...LANDING_SECTIONS.about_section, points: [] },
      'points: Add at least one item',
    ],
    [
      'too many items',
      'about_section',
      { ...LANDING_SECTIONS.about_section, points: Array.from({ length: 13 }, (_, i) => `Point ${i}`) },
      'points: Keep to 12 items at most',
    ],
    [
      'a title too long',
      'contact_section',
      { ...LANDING_SECTIONS.contact_section, title: 'x'.repeat(201) },
      'title: Must be at most 200 characters',
    ],
    [
      'a text too long',
      'demo_section',
      { ...LANDING_SECTIONS.demo_section, text: 'x'.repeat(2001) },
      'text: Must be at most 2000 characters',
    ],
  ])('refuses %s with the field named, and changes nothing', async (_case, key, content, message) => {
    const before = await publicLanding();
    const res = await call(t, superAdmin, 'PUT', `/api/v1/content/landing-page/${key}`, { content });
    expect(res.status).toBe(400);
    expect(res.body.responseMessage).toBe(message);
    expect(await publicLanding()).toEqual(before);
  });

  it('refuses an unknown section, a body without content, and a tenant admin', async () => {
    const content = LANDING_SECTIONS.contact_section;
    expect((await call(t, superAdmin, 'PUT', '/api/v1/content/landing-page/faq', { content })).status).toBe(
      400,
    );
    expect(
      (await call(t, superAdmin, 'PUT', '/api/v1/content/landing-page/contact_section', {})).status,
    ).toBe(400);
    const admin = await t.login(DEMO.delivery.email, DEMO.delivery.password);
    const res = await call(t, admin, 'PUT', '/api/v1/content/landing-page/contact_section', {
      content: { ...content, title: 'Taken over' },
    });
    expect(res.status).toBe(403);
    expect((await publicLanding()).contact_section.title).not.toBe('Taken over');
  });

  it('accepts the product’s own copy for every section', () => {
    for (const key of LANDING_SECTION_KEYS)
      expect(ZLandingSection[key].safeParse(LANDING_SECTIONS[key]).error, key).toBeUndefined();
  });
});

describe('without SMTP', () => {
  it('writes the message to the outbox folder as an .eml file', async () => {
    const local = await createTestApp();
    try {
      await local.app.inject({
        method: 'POST',
        url: '/api/admin/send-email',
        payload: { email: 'box@fleet.example' },
      });
      const outbox = path.join(local.config.dataDir, 'outbox');
      const files = fs.readdirSync(outbox);
      expect(files).toHaveLength(1);
      expect(fs.readFileSync(path.join(outbox, files[0]!), 'utf8')).toContain('box@fleet.example');
    } finally {
      await local.close();
    }
  });
});

describe('content change events', () => {
  /** What `work` announced: the change events published meanwhile, once their listeners have run. */

  it('announces a written, updated and deleted post as the product’s own (no tenant)', async () => {
    const input = { title: 'Events', slug: 'content-events', content: '# Events', status: 'draft' };
    let id = 0;
    const events = await t.eventsDuring(async () => {
      id = (await call(t, superAdmin, 'POST', '/api/v1/content/blogs', input)).body.data.id;
      await call(t, superAdmin, 'PUT', `/api/v1/content/blogs/${id}`, { ...input, status: 'published' });
      await call(t, superAdmin, 'DELETE', `/api/v1/content/blogs/${id}`);
    });
    expect(events.map((e) => [e.type, e.ids, e.tenant_id, e.actor.kind])).toEqual([
      ['blog_post.created', [id], null, 'super_admin'],
      ['blog_post.updated', [id], null, 'super_admin'],
      ['blog_post.archived', [id], null, 'super_admin'],
    ]);
  });

  it('announces a saved landing section by its place in the page', async () => {
    const events = await t.eventsDuring(() =>
      call(t, superAdmin, 'PUT', '/api/v1/content/landing-page/contact_section', {
        content: LANDING_SECTIONS.contact_section,
      }),
    );
    expect(events.map((e) => [e.type, e.ids, e.tenant_id])).toEqual([
      ['landing_section.updated', [LANDING_SECTION_KEYS.indexOf('contact_section')], null],
    ]);
  });

  it("announces a visitor's request, made by the site itself", async () => {
    let id = 0;
    const events = await t.eventsDuring(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/content/contacts',
        remoteAddress: '198.51.100.20',
        payload: {
          data: {
            name: 'Event Visitor',
            email: 'visitor@events.example',
            company: 'Events Ltd',
            telephone: '+971 4 555 0199',
            message: 'Tell me more.',
          },
        },
      });
      id = res.json().data.id;
    });
    expect(events.map((e) => [e.type, e.ids, e.tenant_id, e.actor])).toEqual([
      ['contact_request.created', [id], null, { kind: 'system', id: null }],
    ]);
  });

  it('announces nothing for a refused change', async () => {
    const events = await t.eventsDuring(async () => {
      const taken = { title: 'Twin', slug: 'content-events-twin', content: 'x' };
      await call(t, superAdmin, 'POST', '/api/v1/content/blogs', taken);
      expect((await call(t, superAdmin, 'POST', '/api/v1/content/blogs', taken)).status).toBe(409);
      expect((await call(t, superAdmin, 'DELETE', '/api/v1/content/blogs/999999')).status).toBe(404);
      const bad = { content: { ...LANDING_SECTIONS.hero_section, title: '' } };
      expect(
        (await call(t, superAdmin, 'PUT', '/api/v1/content/landing-page/hero_section', bad)).status,
      ).toBe(400);
    });
    expect(events.map((e) => e.type)).toEqual(['blog_post.created']);
  });
});
