import { z } from 'zod';
import { LOGIN_EMAIL_PATTERN } from './auth.ts';
import { MESSAGES } from './messages.ts';
import { BLOG_PAGE_SIZE, BLOG_PREVIEW_LENGTH, CONTACT_LIMITS as MAX } from './site.ts';

export { BLOG_PAGE_SIZE, BLOG_PREVIEW_LENGTH };

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
    .refine((v) => v === '' || /^(https?:\/\/|\/)/.test(v), MESSAGES.content.imageUrlInvalid)
    .optional(),
  featured_image_alt: z.string().trim().max(300).optional(),
  status: z.enum(['draft', 'published']).default('draft'),
  published_at: z.iso.datetime({ offset: true, error: MESSAGES.content.dateInvalid }).nullish(),
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
