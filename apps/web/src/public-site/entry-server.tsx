import { renderToString } from 'react-dom/server';
import type { TSiteRenderInput, TSiteRenderer } from '@fleet/contract/site';
import { paths } from '../lib/paths';
import { loadBlogPage } from '../features/blog/api/blog';
import { SiteApp } from './site-app';
import { SITE_DATA_ELEMENT_ID, SITE_PAGES, type SitePageKey, type SitePayload } from './site-pages';
import { SITE_ROUTES, STATIC_SITE_PATHS, matchSitePage, type PageHead } from './site-routes';
import { PRODUCT_NAME } from '../lib/product';

/*
 * The public site's server entry: the API server (and the dev server) render every public page
 * here, per request, from the same components the browser then hydrates. See
 * docs/decisions/0006-public-site-rendered-by-the-server.md.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** JSON inside a <script> element: nothing in it may close the element or start a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);

function renderHead(head: PageHead, canonical: string, origin: string): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex
      ? meta('name', 'robots', 'noindex')
      : `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    ...(head.image ? [meta('property', 'og:image', absolute(origin, head.image))] : []),
    ...(head.publishedTime ? [meta('property', 'article:published_time', head.publishedTime)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
  ].join('\n    ');
}

/** The canonical address of a page: its path, plus the blog's page number past the first. */
function canonicalPath(pathname: string, query: URLSearchParams, key: SitePageKey): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = Number(query.get('page'));
  return key === 'blog' && Number.isInteger(page) && page > 1 ? `${path}?page=${page}` : path;
}

async function renderPage<K extends SitePageKey>(
  key: K,
  params: Record<string, string>,
  url: URL,
  input: TSiteRenderInput,
) {
  const route = SITE_ROUTES[key];
  const loaded = route.load
    ? await route.load({ params, query: url.searchParams, fetchJson: input.fetchJson })
    : { status: 200, props: {} as Parameters<typeof route.head>[0] };
  const payload: SitePayload<K> = {
    page: key,
    props: loaded.props,
    settings: { contactEmail: input.contactEmail },
  };
  const Page = await SITE_PAGES[key]();
  const body = renderToString(<SiteApp payload={payload} Page={Page} />);
  const canonical = `${input.origin}${canonicalPath(url.pathname, url.searchParams, key)}`;
  const head = renderHead(route.head(loaded.props, url.searchParams), canonical, input.origin);
  const data = `<script type="application/json" id="${SITE_DATA_ELEMENT_ID}">${scriptJson(payload)}</script>`;
  const html = input.template
    .replace('<!--site-head-->', () => head)
    .replace('<!--site-body-->', () => body)
    .replace('<!--site-data-->', () => data);
  return { status: loaded.status, html };
}

export const renderSitePage: TSiteRenderer['renderSitePage'] = async (input) => {
  const url = new URL(input.url, 'http://site.invalid');
  const match = matchSitePage(url.pathname);
  if (!match) return null;
  return renderPage(match.key, match.params, url, input);
};

/** Every public page and every published post (spec: reach), read through the public blog call. */
export const renderSitemap: TSiteRenderer['renderSitemap'] = async ({ origin, fetchJson }) => {
  const urls = STATIC_SITE_PATHS.map((path) => ({
    loc: `${origin}${path === '/' ? '/' : path}`,
    lastmod: '',
  }));
  for (let page = 1, pageCount = 1; page <= pageCount; page += 1) {
    const state = await loadBlogPage(fetchJson, page);
    if (state.kind !== 'posts') throw new Error(`the blog answered ${state.status} for the sitemap`);
    pageCount = state.pageCount;
    for (const post of state.posts)
      urls.push({
        loc: `${origin}${paths.blogPost.getHref({ slug: post.slug })}`,
        lastmod: post.published_at?.slice(0, 10) ?? '',
      });
  }
  const entries = urls.map(
    ({ loc, lastmod }) =>
      `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
};

export const renderRobots: TSiteRenderer['renderRobots'] = (origin) =>
  ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
