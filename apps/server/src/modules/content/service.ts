import {
  LANDING_SECTION_KEYS,
  MESSAGES,
  ZLandingSection,
  toUtcString,
  type TBlogPost,
  type TBlogPostAdmin,
  type TContactRequestRow,
  type TLandingSectionKey,
  type TLandingSectionStored,
} from '@fleet/contract';
import type { z } from 'zod';
import type { ZBlogPostInput } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import {
  insertContactRequest,
  insertPost,
  listLandingSections,
  markMailed,
  slugTaken,
  updatePost,
  upsertLandingSection,
  type TBlogPostRow,
  type TContactValues,
  type TLandingSectionRow,
} from './queries.ts';
import { renderPostContent } from './sanitize.ts';

export const toBlogPost = (p: TBlogPostRow): TBlogPost => ({
  id: p.id,
  title: p.title,
  slug: p.slug,
  excerpt: p.excerpt,
  author: p.author,
  published_at: p.publishedAt ? p.publishedAt.toISOString() : null,
  content: p.contentHtml,
  featured_image: p.featuredImageUrl
    ? { url: p.featuredImageUrl, alternativeText: p.featuredImageAlt ?? '' }
    : null,
});

export const toBlogPostAdmin = (p: TBlogPostRow): TBlogPostAdmin => ({
  ...toBlogPost(p),
  status: p.status === 'published' ? 'published' : 'draft',
  content_format: p.contentFormat === 'html' ? 'html' : 'markdown',
  content_source: p.contentSource,
  updated_at: p.updatedAt.toISOString(),
});

type TPostInput = z.output<typeof ZBlogPostInput>;

function toValues(input: TPostInput) {
  return {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt,
    author: input.author,
    contentFormat: input.content_format,
    contentSource: input.content,
    contentHtml: renderPostContent(input.content_format, input.content),
    featuredImageUrl: input.featured_image_url || null,
    featuredImageAlt: input.featured_image_alt || null,
    status: input.status,
    // Publishing without a date publishes now; a draft keeps whatever date was planned.
    publishedAt: input.published_at
      ? new Date(input.published_at)
      : input.status === 'published'
        ? new Date()
        : null,
  };
}

/** Saves a post (new when `id` is undefined); the HTML visitors get is rendered and sanitised here. */
export async function savePost(db: Db, input: TPostInput, id?: number): Promise<TBlogPostAdmin> {
  if (await slugTaken(db, input.slug, id)) throw new AppError('CONFLICT', MESSAGES.content.slugTaken);
  const row =
    id === undefined ? await insertPost(db, toValues(input)) : await updatePost(db, id, toValues(input));
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
  return toBlogPostAdmin(row);
}

const toLandingSectionStored = (
  key: TLandingSectionKey,
  row?: TLandingSectionRow,
): TLandingSectionStored => ({
  key,
  content: row?.content ?? null,
  updated_at: row ? row.updatedAt.toISOString() : null,
});

/** Every landing section in page order, as stored: the editor starts from these. */
export async function listStoredSections(db: Db): Promise<TLandingSectionStored[]> {
  const rows = new Map((await listLandingSections(db)).map((row) => [row.key, row]));
  return LANDING_SECTION_KEYS.map((key) => toLandingSectionStored(key, rows.get(key)));
}

/**
 * Replaces one landing section once it fits the key's schema, since a malformed one would break the
 * public home page. A refusal names the first bad field: `steps.2.title: Field is required`.
 */
export async function saveLandingSection(
  db: Db,
  key: TLandingSectionKey,
  content: unknown,
): Promise<TLandingSectionStored> {
  const parsed = ZLandingSection[key].safeParse(content);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = issue?.path.join('.');
    const message = issue?.message ?? MESSAGES.http.badRequest;
    throw new AppError('BAD_REQUEST', field ? `${field}: ${message}` : message);
  }
  return toLandingSectionStored(key, await upsertLandingSection(db, key, parsed.data));
}

export interface ContactDeps {
  db: Db;
  mailer: Mailer;
  salesEmail: string;
  log: { error: (obj: object, msg: string) => void };
}

const KIND_TITLES = {
  landing: 'Demo or consultation request',
  contact: 'Contact form',
  newsletter: 'Newsletter sign-up',
};

/**
 * Stores a visitor's request first (so nothing is lost), then mails it to the sales inbox. A mail
 * failure is logged and leaves the request unmarked in the inbox; the visitor's request still counts.
 */
export async function receiveContactRequest(
  { db, mailer, salesEmail, log }: ContactDeps,
  values: TContactValues,
) {
  const row = await insertContactRequest(db, values);
  const kind = values.kind as keyof typeof KIND_TITLES;
  const lines = [
    `${KIND_TITLES[kind]} received ${toUtcString(row.createdAt)} UTC`,
    '',
    ['Name', values.name],
    ['E-mail', values.email],
    ['Company', values.company],
    ['Company size', values.companySize],
    ['Phone', values.phone],
  ]
    .map((l) => (Array.isArray(l) ? (l[1] ? `${l[0]}: ${l[1]}` : null) : l))
    .filter((l): l is string => l !== null);
  if (values.message) lines.push('', values.message);
  try {
    await mailer.send({
      to: salesEmail,
      subject: `${KIND_TITLES[kind]}: ${values.name || values.email}`,
      text: lines.join('\n'),
      replyTo: values.email,
    });
    await markMailed(db, row.id);
  } catch (err) {
    log.error({ err, requestId: row.id }, 'could not mail a contact request; it is kept in the inbox');
  }
  return row;
}

export const toContactRow = (r: Awaited<ReturnType<typeof insertContactRequest>>): TContactRequestRow => ({
  id: r.id,
  kind: r.kind === 'contact' || r.kind === 'newsletter' ? r.kind : 'landing',
  name: r.name,
  email: r.email,
  company: r.company,
  company_size: r.companySize,
  phone: r.phone,
  message: r.message,
  mailed: r.mailedAt !== null,
  created_at: toUtcString(r.createdAt),
});
