import {
  isSafeImageUrl,
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
import { emit, inTransaction, type TServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { TPublish } from '../../platform/events.ts';
import type { Mailer } from '../../platform/mail.ts';
import { systemActor } from '../../platform/principal.ts';
import {
  deletePost as deletePostRow,
  findPublishedBySlug,
  insertContactRequest,
  insertPost,
  insertPosts,
  listAllPosts,
  listContactRequests,
  listLandingSections,
  listPublishedPosts,
  markMailed,
  slugTaken,
  updatePost,
  upsertLandingSection,
  type TBlogPostRow,
  type TContactValues,
  type TLandingSectionRow,
} from './queries.ts';
import { renderPostContent } from './sanitize.ts';

/*
 * The public site's content (spec 002): landing sections, blog posts and visitors' requests. It is
 * the product's own, no tenant's, so its events carry `tenant_id` null. The module's door: routes,
 * the seed and other modules call these functions only. Visitors have no session: the public calls
 * run in a context whose actor is the site itself.
 */

/** The context of the public site's calls: visitors have no session, so the site itself acts. */
export const siteContext = (deps: {
  database: { db: Db };
  events: { publish: TPublish };
}): TServiceContext => ({
  db: deps.database.db,
  actor: systemActor('public site'),
  publish: deps.events.publish,
});

/** Renders a post's source (Markdown or HTML) to the sanitised HTML visitors get (the editor's preview). */
export { renderPostContent };

const toBlogPost = (p: TBlogPostRow): TBlogPost => ({
  id: p.id,
  title: p.title,
  slug: p.slug,
  excerpt: p.excerpt,
  author: p.author,
  published_at: p.publishedAt ? p.publishedAt.toISOString() : null,
  content: p.contentHtml,
  // Posts saved before the address rule was tightened are checked again on the way out.
  featured_image:
    p.featuredImageUrl && isSafeImageUrl(p.featuredImageUrl)
      ? { url: p.featuredImageUrl, alternativeText: p.featuredImageAlt ?? '' }
      : null,
});

const toBlogPostAdmin = (p: TBlogPostRow): TBlogPostAdmin => ({
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

/** One page of the published posts, newest first, with how many there are in all. */
export async function publishedPosts(
  ctx: TServiceContext,
  page: { page: number; pageSize: number },
): Promise<{ posts: TBlogPost[]; total: number }> {
  const { rows, total } = await listPublishedPosts(ctx.db, page);
  return { posts: rows.map(toBlogPost), total };
}

/** The published post with this slug, or undefined (a draft or a post due later counts as missing). */
export async function publishedPost(ctx: TServiceContext, slug: string): Promise<TBlogPost | undefined> {
  const post = await findPublishedBySlug(ctx.db, slug);
  return post ? toBlogPost(post) : undefined;
}

/** Every post, drafts included, for the blog editor. */
export async function allPosts(ctx: TServiceContext): Promise<TBlogPostAdmin[]> {
  return (await listAllPosts(ctx.db)).map(toBlogPostAdmin);
}

/** Saves a post (new when `id` is undefined); the HTML visitors get is rendered and sanitised here. */
export async function savePost(
  ctx: TServiceContext,
  input: TPostInput,
  id?: number,
): Promise<TBlogPostAdmin> {
  if (await slugTaken(ctx.db, input.slug, id)) throw new AppError('CONFLICT', MESSAGES.content.slugTaken);
  return inTransaction(ctx, async (tx) => {
    const row =
      id === undefined
        ? await insertPost(tx.db, toValues(input))
        : await updatePost(tx.db, id, toValues(input));
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
    emit(tx, id === undefined ? 'blog_post.created' : 'blog_post.updated', [row.id], null);
    return toBlogPostAdmin(row);
  });
}

/** Deletes a post for good; the event stream hears of it as `blog_post.archived`, gone from the blog. */
export async function deletePost(ctx: TServiceContext, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if (!(await deletePostRow(tx.db, id))) throw new AppError('NOT_FOUND', MESSAGES.http.notFound);
    emit(tx, 'blog_post.archived', [id], null);
  });
}

/** An article published on the given date, written in Markdown (the demo's articles). */
export interface TPublishedArticle {
  title: string;
  slug: string;
  excerpt: string;
  author: string;
  markdown: string;
  publishedAt: Date;
}

/** Publishes articles as the blog editor saves posts (rendered and sanitised), in one statement. */
export async function addPublishedArticles(
  ctx: TServiceContext,
  articles: TPublishedArticle[],
): Promise<void> {
  if (articles.length === 0) return;
  await inTransaction(ctx, async (tx) => {
    const rows = await insertPosts(
      tx.db,
      articles.map((article) => ({
        title: article.title,
        slug: article.slug,
        excerpt: article.excerpt,
        author: article.author,
        contentFormat: 'markdown',
        contentSource: article.markdown,
        contentHtml: renderPostContent('markdown', article.markdown),
        status: 'published',
        publishedAt: article.publishedAt,
      })),
    );
    emit(
      tx,
      'blog_post.created',
      rows.map((row) => row.id),
      null,
    );
  });
}

const toLandingSectionStored = (
  key: TLandingSectionKey,
  row?: TLandingSectionRow,
): TLandingSectionStored => ({
  key,
  content: row?.content ?? null,
  updated_at: row ? row.updatedAt.toISOString() : null,
});

/** The landing page as the public site reads it: every section's content by key, null where missing. */
export async function landingPage(ctx: TServiceContext): Promise<Record<TLandingSectionKey, unknown>> {
  const rows = await listLandingSections(ctx.db);
  return Object.fromEntries(
    LANDING_SECTION_KEYS.map((key) => [key, rows.find((r) => r.key === key)?.content ?? null]),
  ) as Record<TLandingSectionKey, unknown>;
}

/** Every landing section in page order, as stored: the editor starts from these. */
export async function listStoredSections(ctx: TServiceContext): Promise<TLandingSectionStored[]> {
  const rows = new Map((await listLandingSections(ctx.db)).map((row) => [row.key, row]));
  return LANDING_SECTION_KEYS.map((key) => toLandingSectionStored(key, rows.get(key)));
}

/**
 * A landing section in change events: sections are keyed by name, events name records by number, so
 * a section is named by its place in the page (`LANDING_SECTION_KEYS`).
 */
export const landingSectionEventId = (key: TLandingSectionKey): number => LANDING_SECTION_KEYS.indexOf(key);

/**
 * Replaces one landing section once it fits the key's schema, since a malformed one would break the
 * public home page. A refusal names the first bad field: `steps.2.title: Field is required`.
 */
export async function saveLandingSection(
  ctx: TServiceContext,
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
  return inTransaction(ctx, async (tx) => {
    const row = await upsertLandingSection(tx.db, key, parsed.data);
    emit(tx, 'landing_section.updated', [landingSectionEventId(key)], null);
    return toLandingSectionStored(key, row);
  });
}

/** Where visitors' requests are mailed, and where a mail failure is logged. */
export interface ContactDeps {
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
  ctx: TServiceContext,
  { mailer, salesEmail, log }: ContactDeps,
  values: TContactValues,
): Promise<{ id: number }> {
  const row = await inTransaction(ctx, async (tx) => {
    const inserted = await insertContactRequest(tx.db, values);
    emit(tx, 'contact_request.created', [inserted.id], null);
    return inserted;
  });
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
    await markMailed(ctx.db, row.id);
  } catch (err) {
    log.error({ err, requestId: row.id }, 'could not mail a contact request; it is kept in the inbox');
  }
  return { id: row.id };
}

const toContactRow = (r: Awaited<ReturnType<typeof insertContactRequest>>): TContactRequestRow => ({
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

/** Contact, demo and newsletter requests, newest first: the super admin's inbox. */
export async function contactRequests(ctx: TServiceContext, limit: number): Promise<TContactRequestRow[]> {
  return (await listContactRequests(ctx.db, limit)).map(toContactRow);
}
