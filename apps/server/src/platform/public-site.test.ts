import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, type TestApp } from '../test/app.ts';

/*
 * The public pages as the server sends them, before any script runs. The web build is not needed:
 * the test's web folder points its server entry at the web app's source, which Vitest compiles.
 */
const webSource = fileURLToPath(new URL('../../../web/', import.meta.url));

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-site-'));
  fs.mkdirSync(path.join(webDir, 'ssr'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><title>Fleet Console</title><div id="root"></div>',
  );
  fs.copyFileSync(path.join(webSource, 'public-site.html'), path.join(webDir, 'public-site.html'));
  fs.writeFileSync(
    path.join(webDir, 'ssr', 'entry-server.js'),
    `export * from ${JSON.stringify(path.join(webSource, 'src/public-site/entry-server.tsx'))};\n`,
  );
  t = await createTestApp({
    WEB_DIST_DIR: webDir,
    SALES_EMAIL: 'hello@fleet.example',
    PUBLIC_URL: 'https://fleet.example/',
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

// Every request names another host: absolute URLs must come from PUBLIC_URL, never from the Host header.
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: 'evil.example', ...headers } });

/** The value of `<meta name|property="key" content="…">` in a page. */
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

/** The page's text as a reader (or a crawler without scripts) gets it. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('public pages rendered by the server', () => {
  it('sends / as complete HTML with its title, description, Open Graph tags, canonical link and content', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain(
      '<title>Fleet Console: operations console for drivers, vehicles and trips</title>',
    );
    expect(meta(html, 'description')).toMatch(/^Plan trips with ordered stops and tasks/);
    expect(meta(html, 'og:title')).toBe('Fleet Console: operations console for drivers, vehicles and trips');
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:url')).toBe('https://fleet.example/');
    expect(html).toContain('<link rel="canonical" href="https://fleet.example/" />');
    expect(html).not.toContain('evil.example');
    // The landing sections from the database, and the page's own sections, are in the HTML itself.
    const words = text(html);
    expect(words).toContain('Every driver, vehicle and trip in one place');
    expect(words).toContain('From plan to proof');
    expect(words).toContain('Frequently asked questions');
    expect(words).toContain('Free consultation');
    // The data the browser hydrates from travels beside it.
    expect(html).toMatch(/<script type="application\/json" id="site-data">\{"page":"home"/);
  });

  it('sends a blog post with the article text, its own head and article Open Graph tags', async () => {
    const res = await get('/blog/spotting-fuel-fraud-in-refuel-records');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Spotting fuel fraud in your refuel records | Fleet Console</title>');
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'article:published_time')).toBe('2025-08-12T08:00:00.000Z');
    expect(meta(html, 'description')).toMatch(/^Fuel is one of the largest costs a fleet has/);
    expect(html).toContain('<h2>Patterns that deserve a second look</h2>');
    expect(text(html)).toContain('More articles');
  });

  it('neutralises a script written into a post, in the HTML and in the hydration data', async () => {
    const superAdmin = await t.login(DEMO.super.email, DEMO.super.password);
    await call(t, superAdmin, 'POST', '/api/v1/content/blogs', {
      title: 'Idle </script><script>alert(1)</script>',
      slug: 'idle-xss',
      content_format: 'html',
      content: '<p>Safe text</p><img src=x onerror=alert(1)><script>alert(2)</script>',
      status: 'published',
    });
    const html = (await get('/blog/idle-xss')).body;
    expect(text(html)).toContain('Safe text');
    expect(html).not.toMatch(/<script>alert|onerror|<\/script><script>/);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('answers an unknown post with 404, "Blog post not found" and noindex', async () => {
    const res = await get('/blog/no-such-post');
    expect(res.statusCode).toBe(404);
    expect(text(res.body)).toContain('Blog post not found');
    expect(meta(res.body, 'robots')).toBe('noindex');
  });

  it('renders the blog list, the legal pages and the API catalogue, and the console keeps its shell', async () => {
    expect(text((await get('/blog')).body)).toContain('Schedule adherence: measuring on-time starts');
    const privacy = await get('/privacy-policy');
    expect(text(privacy.body)).toContain('Last updated September 29, 2024');
    expect(text(privacy.body)).toContain('Children under 13');
    expect(privacy.body).toContain('mailto:hello@fleet.example');
    expect(text((await get('/api-catalog')).body)).toContain('Explore Drivers');
    const console = await get('/overview');
    expect(console.body).toBe('<!doctype html><title>Fleet Console</title><div id="root"></div>');
  });

  it('compresses pages for browsers that accept it', async () => {
    const res = await get('/features', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
  });

  it('keeps the server entry and the page shell from the browser', async () => {
    expect((await get('/ssr/entry-server.js')).statusCode).toBe(404);
    expect((await get('/public-site.html')).body).not.toContain('<!--site-head-->');
  });
});

describe('the API catalogue and its areas', () => {
  const AREAS = [
    'journey',
    'driver',
    'vehicle',
    'location',
    'destination',
    'exception',
    'process-approval',
    'analytics',
    'refuel',
    'accident',
    'communication',
  ];
  type TDocument = { paths: Record<string, Record<string, { tags?: string[]; summary?: string }>> };
  const documented = async () => (await get('/api/openapi.json')).json() as TDocument;
  /** The calls of the server's own document under one tag, as `METHOD /path`. */
  const callsTagged = (doc: TDocument, tag: string) =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.tags?.[0] === tag)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
  /** The calls a rendered area page lists, as `METHOD /path`. */
  const listedCalls = (html: string) =>
    [...html.matchAll(/aria-label="Try ([A-Z]+ [^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

  it('shows a card for every area, Locations and Analytics included, each leading to its page', async () => {
    const html = (await get('/api-catalog')).body;
    for (const area of AREAS) expect(html).toContain(`href="/api-catalog/${area}"`);
    expect(text(html)).toContain('Explore Locations');
    expect(text(html)).toContain('Explore Analytics');
  });

  it("renders each area's page with its calls from the server's OpenAPI document", async () => {
    const doc = await documented();
    for (const area of AREAS) {
      const res = await get(`/api-catalog/${area}`);
      expect(res.statusCode, area).toBe(200);
      expect(listedCalls(res.body).length, area).toBeGreaterThan(0);
      expect(res.body).toContain(`<link rel="canonical" href="https://fleet.example/api-catalog/${area}" />`);
    }
    // Every documented call of the journeys' tags is listed, and nothing the document lacks.
    const journey = listedCalls((await get('/api-catalog/journey')).body);
    const expected = ['Trips', 'Scheduled trips', 'Trip types'].flatMap((tag) => callsTagged(doc, tag));
    expect([...journey].sort()).toEqual([...expected].sort());
    expect(journey).toContain('POST /api/trip/get-all-trips');
    const locations = (await get('/api-catalog/location')).body;
    expect(listedCalls(locations)).toEqual(
      expect.arrayContaining(['POST /api/v1/driver/positions', 'GET /api/osmand']),
    );
    // Each call opens its own entry of the interactive documentation.
    expect((await get('/api-catalog/journey')).body).toContain(
      'href="/api/docs#/Trips/post_api_trip_get_all_trips"',
    );
    expect(text(locations)).toContain('Locations API');
    const analytics = listedCalls((await get('/api-catalog/analytics')).body);
    expect(analytics).toEqual(
      expect.arrayContaining([
        'GET /api/analytics/get-drivers-with-most-trips',
        'GET /api/analytics/get-drivers-with-fewest-incidents',
      ]),
    );
  });

  it('answers an unknown area with 404, a way back and noindex', async () => {
    const res = await get('/api-catalog/weather');
    expect(res.statusCode).toBe(404);
    expect(text(res.body)).toContain('There is no area “weather” in the API catalogue.');
    expect(res.body).toContain('href="/api-catalog"');
    expect(meta(res.body, 'robots')).toBe('noindex');
  });
});

describe('GET /schoolBus', () => {
  it('sends the school bus page as complete HTML, linked from the home page', async () => {
    const res = await get('/schoolBus');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>School bus | Fleet Console</title>');
    const words = text(res.body);
    expect(words).toContain('School transport that runs on time');
    expect(words).toContain('Every pupil with their stop');
    expect(words).toContain('A view of their own');
    expect(res.body).toContain('href="/contact"');
    expect((await get('/')).body).toContain('href="/schoolBus"');
  });
});

describe('GET /sitemap.xml and /robots.txt', () => {
  it('lists every public page and every published post', async () => {
    const res = await get('/sitemap.xml');
    expect(res.body).not.toContain('evil.example');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const page of [
      '/',
      '/features',
      '/use-cases',
      '/about-us',
      '/contact',
      '/blog',
      '/api-catalog',
      '/api-catalog/journey',
      '/api-catalog/communication',
      '/schoolBus',
    ])
      expect(locs).toContain(`https://fleet.example${page}`);
    expect(locs).toContain('https://fleet.example/blog/driver-onboarding-first-two-weeks');
    expect(res.body).toContain(
      '<url><loc>https://fleet.example/blog/proof-of-delivery-that-settles-disputes</loc><lastmod>2025-03-18</lastmod></url>',
    );
  });

  it('lets crawlers in, keeps them out of the API and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe(
      'User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: https://fleet.example/sitemap.xml\n',
    );
  });
});
