import { z } from 'zod';
import { LOGIN_EMAIL_PATTERN } from './auth.ts';
import { inDateYears } from './dates.ts';
import { MESSAGES } from './messages.ts';
import {
  BLOG_PAGE_SIZE,
  BLOG_PREVIEW_LENGTH,
  CONTACT_LIMITS as MAX,
  SITE_ICON_NAMES,
  type TLandingSections,
  type TSiteIconName,
} from './site.ts';

export { BLOG_PAGE_SIZE, BLOG_PREVIEW_LENGTH, SITE_ICON_NAMES };
export type { TLandingSections, TSiteIconName };

/*
 * Public-site content (spec 002): landing sections, blog posts, contact and newsletter requests.
 * The blog and contacts calls keep the query and answer shapes of a headless content service.
 */

export const LANDING_SECTION_KEYS = [
  'hero_section',
  'detail_section',
  'about_section',
  'feature_section',
  'software_section',
  'demo_section',
  'contact_section',
] as const;
export type TLandingSectionKey = (typeof LANDING_SECTION_KEYS)[number];

const required = (message: string = MESSAGES.required) => z.string().trim().min(1, message);

/** Longest titles and labels, longest texts, and most items of a list in a landing section. */
export const LANDING_LIMITS = { label: 200, text: 2000, items: 12 } as const;

export const LANDING_MESSAGES = {
  tooLong: (max: number) => `Must be at most ${max} characters`,
  notText: 'Must be text',
  notList: 'Must be a list',
  listEmpty: 'Add at least one item',
  listFull: `Keep to ${LANDING_LIMITS.items} items at most`,
  iconUnknown: 'Choose one of the site’s icons',
} as const;

// A missing field reads "Field is required", like an empty one; a field of the wrong type says so.
const missingOr = (wrongType: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? MESSAGES.required : wrongType),
});
const landingText = (max: number) =>
  z
    .string(missingOr(LANDING_MESSAGES.notText))
    .trim()
    .min(1, MESSAGES.required)
    .max(max, LANDING_MESSAGES.tooLong(max));
const label = landingText(LANDING_LIMITS.label);
const text = landingText(LANDING_LIMITS.text);
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item, missingOr(LANDING_MESSAGES.notList))
    .min(1, LANDING_MESSAGES.listEmpty)
    .max(LANDING_LIMITS.items, LANDING_MESSAGES.listFull);
const card = z.object({ title: label, text });

/**
 * Each landing section's schema, by key: what `PUT v1/content/landing-page/{key}` accepts and the
 * editor checks before sending, so a malformed section can never reach the public home page.
 */
export const ZLandingSection = {
  hero_section: z.object({
    eyebrow: label,
    title: label,
    subtitle: text,
    primary_label: label,
    secondary_label: label,
  }),
  detail_section: z.object({ title: label, intro: text, steps: list(card) }),
  about_section: z.object({ title: label, text, points: list(text) }),
  feature_section: z.object({
    title: label,
    intro: text,
    items: list(card.extend({ icon: z.enum(SITE_ICON_NAMES, LANDING_MESSAGES.iconUnknown) })),
  }),
  software_section: z.object({ title: label, intro: text, options: list(card) }),
  demo_section: z.object({ title: label, text, button_label: label, request: text }),
  contact_section: z.object({ title: label, text }),
} satisfies Record<TLandingSectionKey, z.ZodType>;
export const ZLandingSections = z.object(ZLandingSection);

// The schemas and the zod-free type the public site reads (site.ts) must describe the same sections:
// this fails to compile as soon as one of them changes alone.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
type _LandingSchemasMatchTheSite = Holds<Same<z.output<typeof ZLandingSections>, TLandingSections>>;

/** One landing section as stored, for the editor; `content` is null when the section is missing. */
export const ZLandingSectionStored = z.object({
  key: z.enum(LANDING_SECTION_KEYS),
  content: z.unknown().describe('the section as stored; the editor reads it with the key’s schema'),
  updated_at: z.string().nullable().describe('ISO 8601; null when the section is missing'),
});
export type TLandingSectionStored = z.infer<typeof ZLandingSectionStored>;

/** `POST admin/send-email`: the landing contact form (all fields) or the newsletter box (e-mail alone). */
export const ZSendEmailRequest = z.object({
  name: z.string().trim().max(MAX.name).optional(),
  email: z.string().trim().regex(LOGIN_EMAIL_PATTERN, MESSAGES.content.emailInvalid).max(MAX.email),
  companySize: z.string().trim().max(MAX.companySize).optional(),
  phoneNumber: z.string().trim().max(MAX.phone).optional(),
  discuss: z.string().trim().max(MAX.message).optional(),
});
export type TSendEmailRequest = z.input<typeof ZSendEmailRequest>;

/** The landing contact form: every field required (spec 002 §5). */
export const ZLandingContactForm = ZSendEmailRequest.extend({
  name: required().max(MAX.name),
  companySize: required().max(MAX.companySize),
  phoneNumber: required().max(MAX.phone),
  discuss: required().max(MAX.message),
});

/** The contact page form: all fields required, with the spec's own messages. */
export const ZContactForm = z.object({
  name: required(MESSAGES.content.fullNameRequired).max(MAX.name),
  email: z.string().trim().regex(LOGIN_EMAIL_PATTERN, MESSAGES.content.emailInvalid).max(MAX.email),
  telephone: required(MESSAGES.content.telephoneRequired).max(MAX.phone),
  company: required(MESSAGES.content.companyRequired).max(MAX.company),
  message: required(MESSAGES.content.messageRequired).max(MAX.message),
});
export type TContactForm = z.infer<typeof ZContactForm>;
/** `POST /api/content/contacts` body: `{data: {...}}` as the content service takes it. */
export const ZContactsRequest = z.object({ data: ZContactForm });

export const ZBlogPost = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  author: z.string(),
  published_at: z.string().nullable(),
  content: z.string().describe('sanitised HTML'),
  featured_image: z.object({ url: z.string(), alternativeText: z.string() }).nullable(),
});
export type TBlogPost = z.infer<typeof ZBlogPost>;

export const ZBlogList = z.object({
  data: z.array(ZBlogPost),
  meta: z.object({
    pagination: z.object({
      page: z.number().int(),
      pageSize: z.number().int(),
      pageCount: z.number().int(),
      total: z.number().int(),
    }),
  }),
});
export type TBlogList = z.infer<typeof ZBlogList>;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A featured image the public pages may show: a path on this site or an `https:` address, read the
 * way a browser reads it (WHATWG URL). So `//host/x.png` and `/\host/x.png` (both another site) and
 * `http:` addresses (mixed content) are refused.
 */
export function isSafeImageUrl(value: string): boolean {
  // Whitespace and control characters: browsers strip or ignore some of them before parsing.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\u0000-\u0020\u007f]/.test(value)) return false;
  try {
    if (value.startsWith('/')) {
      const here = 'https://site.invalid';
      return new URL(value, here).origin === here;
    }
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** What the super admin writes in the blog editor. */
export const ZBlogPostInput = z.object({
  title: required().max(200),
  slug: z.string().trim().regex(SLUG_PATTERN, MESSAGES.content.slugInvalid).max(120),
  excerpt: z.string().trim().max(500).default(''),
  author: z.string().trim().max(100).default(''),
  content_format: z.enum(['markdown', 'html']).default('markdown'),
  content: z.string().max(200_000).default(''),
  featured_image_url: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || isSafeImageUrl(v), MESSAGES.content.imageUrlInvalid)
    .optional(),
  featured_image_alt: z.string().trim().max(300).optional(),
  status: z.enum(['draft', 'published']).default('draft'),
  published_at: z.iso
    .datetime({ offset: true, error: MESSAGES.content.dateInvalid })
    .refine((v) => inDateYears(new Date(v)), MESSAGES.dateYears)
    .nullish(),
});
export type TBlogPostInput = z.input<typeof ZBlogPostInput>;

export const ZBlogPostAdmin = ZBlogPost.extend({
  status: z.enum(['draft', 'published']),
  content_format: z.enum(['markdown', 'html']),
  content_source: z.string(),
  updated_at: z.string(),
});
export type TBlogPostAdmin = z.infer<typeof ZBlogPostAdmin>;

export const ZContactRequestRow = z.object({
  id: z.number().int(),
  kind: z.enum(['landing', 'contact', 'newsletter']),
  name: z.string().nullable(),
  email: z.string(),
  company: z.string().nullable(),
  company_size: z.string().nullable(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  mailed: z.boolean(),
  created_at: z.string(),
});
export type TContactRequestRow = z.infer<typeof ZContactRequestRow>;
