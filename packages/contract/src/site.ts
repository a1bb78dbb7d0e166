/*
 * What the public site's own bundle needs from the contract, without zod: the site imports
 * `@fleet/contract/site` only, so its JavaScript stays small (the console imports the whole
 * contract). Everything here is plain constants and types.
 */
export { MESSAGES } from './messages.ts';
export { LOGIN_EMAIL_PATTERN } from './patterns.ts';
export type { TBlogList, TBlogPost } from './content.ts';

/** Blog list page size and preview length (spec 002 §9). */
export const BLOG_PAGE_SIZE = 10;
export const BLOG_PREVIEW_LENGTH = 200;

/** Longest values the contact calls accept; the forms and the server check the same limits. */
export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  company: 150,
  companySize: 50,
  phone: 40,
  message: 5000,
} as const;

/** Company sizes offered by the landing contact form. */
export const COMPANY_SIZES = ['1–10 vehicles', '11–50 vehicles', '51–200 vehicles', 'More than 200 vehicles'];

/** Timeout of the content service's contact call (spec 002 §9). */
export const CONTACT_TIMEOUT_MS = 10_000;

/**
 * How the server renders a public page: a JSON GET against its own API (status and parsed body;
 * it throws when there is no answer at all).
 */
export type TSiteFetchJson = (path: string) => Promise<{ status: number; body: unknown }>;

export interface TSiteRenderInput {
  /** Path and query of the request, e.g. `/blog?page=2`. */
  url: string;
  /** `https://example.com`: canonical links, Open Graph URLs and the sitemap use it. */
  origin: string;
  /** The built page shell (`public-site.html`) the page is rendered into. */
  template: string;
  fetchJson: TSiteFetchJson;
  /** The public contact mailbox named on the legal and contact pages. */
  contactEmail: string;
}

/**
 * What the web build's server entry (`apps/web/dist/ssr/entry-server.js`) gives the server:
 * the public pages rendered to HTML, the sitemap and robots.txt.
 */
export interface TSiteRenderer {
  /** The page's HTML and HTTP status, or null when the path is not a public page. */
  renderSitePage(input: TSiteRenderInput): Promise<{ status: number; html: string } | null>;
  renderSitemap(input: Pick<TSiteRenderInput, 'origin' | 'fetchJson'>): Promise<string>;
  renderRobots(origin: string): string;
}

/**
 * Names of the public site's icons, drawn by the web's `SiteIcon`. A landing feature's `icon` is one
 * of them; the list lives here, without zod, because the public site's bundle reads it too.
 */
export const SITE_ICON_NAMES = [
  'menu',
  'close',
  'chevronDown',
  'arrowRight',
  'arrowLeft',
  'check',
  'map',
  'route',
  'approval',
  'alert',
  'message',
  'report',
  'terms',
  'upload',
  'cloud',
  'server',
  'shield',
  'bus',
  'truck',
  'plane',
  'construction',
  'tools',
  'api',
  'search',
  'repeat',
  'tenants',
  'finance',
  'bell',
  'people',
  'calendar',
  'mail',
  'phone',
  'fuel',
  'wrench',
  'assistant',
] as const;
export type TSiteIconName = (typeof SITE_ICON_NAMES)[number];

/**
 * Sections of the landing page as the content call answers them (`GET content/landing-page`).
 * The super admin's editor checks each against its schema (`ZLandingSection` in content.ts, which
 * proves at compile time that both say the same).
 */
export interface TLandingSections {
  hero_section: {
    eyebrow: string;
    title: string;
    subtitle: string;
    /** Labels of the two buttons; both lead to the contact page (spec 002 §2). */
    primary_label: string;
    secondary_label: string;
  };
  detail_section: { title: string; intro: string; steps: { title: string; text: string }[] };
  about_section: { title: string; text: string; points: string[] };
  feature_section: {
    title: string;
    intro: string;
    items: { title: string; text: string; icon: TSiteIconName }[];
  };
  software_section: { title: string; intro: string; options: { title: string; text: string }[] };
  /** `request` is the sentence the demo button writes into the contact form. */
  demo_section: { title: string; text: string; button_label: string; request: string };
  contact_section: { title: string; text: string };
}
