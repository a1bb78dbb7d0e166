import type { TSiteFetchJson } from '@fleet/contract/site';
import { paths } from '../lib/paths';
import { cutText, htmlToText, loadBlogPage, loadBlogPost } from '../features/blog/api/blog';
import {
  API_AREAS,
  callCounts,
  findApiArea,
  loadApiOperations,
  operationsOf,
} from '../features/public/api-areas';
import { loadLanding } from '../features/public/landing';
import { PRODUCT_NAME } from '../lib/product';
import type { SitePageKey, SitePageProps } from './site-pages';

/** What goes in the page's <head>: title, description, Open Graph. */
export interface PageHead {
  title: string;
  description: string;
  type?: 'website' | 'article';
  image?: string;
  publishedTime?: string;
  /** Error pages and empty pages stay out of search engines. */
  noindex?: boolean;
}

export interface LoadContext {
  params: Record<string, string>;
  query: URLSearchParams;
  fetchJson: TSiteFetchJson;
}

interface SiteRoute<K extends SitePageKey> {
  /** The page's props and HTTP status; pages without data need none. */
  load?: (context: LoadContext) => Promise<{ status: number; props: SitePageProps[K] }>;
  head: (props: SitePageProps[K], query: URLSearchParams) => PageHead;
}

const titled = (title: string) => `${title} | ${PRODUCT_NAME}`;

const staticPage = <K extends SitePageKey>(title: string, description: string): SiteRoute<K> => ({
  head: () => ({ title: titled(title), description }),
});

/** The server-side half of each public page: its data and its head. */
export const SITE_ROUTES: { [K in SitePageKey]: SiteRoute<K> } = {
  home: {
    load: async ({ fetchJson }) => {
      const landing = await loadLanding(fetchJson);
      return { status: landing ? 200 : 503, props: { landing } };
    },
    head: () => ({
      title: `${PRODUCT_NAME}: operations console for drivers, vehicles and trips`,
      description:
        'Plan trips with ordered stops and tasks, follow every driver on a live map, approve proof of work, ' +
        'catch exceptions and report working hours, for school-bus, delivery, airport and construction fleets.',
    }),
  },
  features: staticPage(
    'Features',
    'Live map, trips with ordered stops and tasks, scheduled trips, approvals with photos, exceptions, text and ' +
      'voice notifications, finance summaries, imports and exports, your own terminology, and a documented API.',
  ),
  useCases: staticPage(
    'Use cases',
    'How school bus companies, last-mile delivery firms, airport operators and construction companies run ' +
      'their drivers, vehicles and trips in Fleet Console.',
  ),
  aboutUs: staticPage(
    'About us',
    'Fleet Console is a multi-tenant operations console for organisations that run drivers, vehicles and trips, ' +
      'offered in the cloud or on your own servers.',
  ),
  contact: staticPage(
    'Contact Us',
    'Ask for a free consultation or a demo of Fleet Console, or send us a question about your fleet.',
  ),
  termsConditions: staticPage(
    'Terms & Conditions',
    'The terms that apply when you use Fleet Console and this website.',
  ),
  privacyPolicy: staticPage(
    'Privacy Policy',
    'What personal data Fleet Console collects, including location data, why, for how long, and your rights.',
  ),
  cookiePolicy: staticPage(
    'Cookie Policy',
    'The one cookie Fleet Console sets, what the console keeps in your browser, and how to remove it.',
  ),
  blog: {
    load: async ({ query, fetchJson }) => {
      const state = await loadBlogPage(fetchJson, query.get('page') ?? 1);
      if (state.kind === 'error') return { status: state.status || 502, props: { state } };
      const emptyPage = state.posts.length === 0 && state.pageCount > 0;
      return { status: emptyPage ? 404 : 200, props: { state } };
    },
    head: ({ state }) => {
      const page = state.kind === 'posts' ? state.page : 1;
      return {
        title: titled(page > 1 ? `Blog, page ${page}` : 'Blog'),
        description:
          'Practical articles on running a fleet: schedule adherence, proof of delivery, route safety, ' +
          'maintenance, fuel and driver onboarding.',
        noindex: state.kind === 'error' || state.posts.length === 0,
      };
    },
  },
  blogPost: {
    load: async ({ params, fetchJson }) => {
      const state = await loadBlogPost(fetchJson, params.slug ?? '');
      const status = state.kind === 'post' ? 200 : state.kind === 'notFound' ? 404 : state.status || 502;
      return { status, props: { state } };
    },
    head: ({ state }) => {
      if (state.kind !== 'post')
        return {
          title: titled('Blog post not found'),
          description: 'This article does not exist.',
          noindex: true,
        };
      const { post } = state;
      return {
        title: titled(post.title),
        description: cutText(post.excerpt.trim() || htmlToText(post.content), 160),
        type: 'article',
        ...(post.featured_image ? { image: post.featured_image.url } : {}),
        ...(post.published_at ? { publishedTime: post.published_at } : {}),
      };
    },
  },
  apiCatalog: {
    load: async ({ fetchJson }) => {
      const operations = await loadApiOperations(fetchJson);
      return { status: 200, props: { counts: operations && callCounts(operations) } };
    },
    head: () => ({
      title: titled('API catalogue'),
      description:
        'The Fleet Console API by area: trips, drivers, vehicles, locations, destinations, exceptions, ' +
        'approvals, analytics, refuels, accidents and communication, with interactive documentation.',
    }),
  },
  apiArea: {
    load: async ({ params, fetchJson }) => {
      const slug = params.area ?? '';
      const area = findApiArea(slug);
      if (!area) return { status: 404, props: { slug, operations: [] } };
      const operations = await loadApiOperations(fetchJson);
      return operations
        ? { status: 200, props: { slug, operations: operationsOf(area, operations) } }
        : { status: 503, props: { slug, operations: null } };
    },
    head: ({ slug, operations }) => {
      const area = findApiArea(slug);
      if (!area)
        return {
          title: titled('API area not found'),
          description: 'This API area does not exist.',
          noindex: true,
        };
      return {
        title: titled(`${area.title} API`),
        description: `${area.text} Every call of the ${area.title.toLowerCase()} area, with a link to try it in the interactive documentation.`,
        noindex: operations === null,
      };
    },
  },
  schoolBus: staticPage(
    'School bus',
    'Plan morning and afternoon routes once, keep every pupil with their stop, follow each bus live and ' +
      'let parents see the proof at their child’s stop: Fleet Console for school transport.',
  ),
};

/** Finds the public page of a path (`/blog/:slug` included); a trailing slash is tolerated. */
export function matchSitePage(pathname: string): { key: SitePageKey; params: Record<string, string> } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const key of Object.keys(SITE_ROUTES) as SitePageKey[]) {
    const pattern = paths[key].path;
    const names: string[] = [];
    const source = pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    const match = new RegExp(`^${source}$`).exec(path);
    if (!match) continue;
    try {
      const params = Object.fromEntries(
        names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
      );
      return { key, params };
    } catch {
      return null; // a malformed %-escape names no page
    }
  }
  return null;
}

/** The public pages with a fixed address, and each area of the API catalogue, for the sitemap. */
export const STATIC_SITE_PATHS = [
  ...(Object.keys(SITE_ROUTES) as SitePageKey[])
    .filter((key) => !paths[key].path.includes(':'))
    .map((key) => paths[key].path),
  ...API_AREAS.map((area) => paths.apiArea.getHref({ area: area.slug })),
];
