import {
  BLOG_PAGE_SIZE,
  BLOG_PREVIEW_LENGTH,
  MESSAGES,
  type TBlogList,
  type TBlogPost,
  type TSiteFetchJson,
} from '@fleet/contract/site';

/** A post as the list shows it: no body, a preview of at most 200 characters (spec 002 §9). */
export interface BlogPreview {
  title: string;
  slug: string;
  preview: string;
  author: string;
  published_at: string | null;
  image: { url: string; alt: string } | null;
}

/** One page of the blog, or why it could not be loaded (HTTP status; 0 when there was no answer). */
export type BlogPageState =
  | { kind: 'posts'; posts: BlogPreview[]; page: number; pageCount: number }
  | { kind: 'error'; status: number };

export type BlogPostState =
  | { kind: 'post'; post: TBlogPost; more: BlogPreview[] }
  | { kind: 'notFound' }
  | { kind: 'error'; status: number };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of sanitised post HTML, for previews and descriptions. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (entity, code: string) => {
      if (code.startsWith('#')) {
        const point =
          code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1));
        return Number.isFinite(point) ? String.fromCodePoint(point) : entity;
      }
      return ENTITIES[code.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cuts text at `max` characters, at a word boundary where one is near, with an ellipsis. */
export function cutText(text: string, max: number = BLOG_PREVIEW_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

export const toPreview = (post: TBlogPost): BlogPreview => ({
  title: post.title,
  slug: post.slug,
  preview: cutText(post.excerpt.trim() || htmlToText(post.content)),
  author: post.author,
  published_at: post.published_at,
  image: post.featured_image
    ? { url: post.featured_image.url, alt: post.featured_image.alternativeText }
    : null,
});

const isBlogList = (body: unknown): body is TBlogList =>
  typeof body === 'object' &&
  body !== null &&
  Array.isArray((body as TBlogList).data) &&
  typeof (body as TBlogList).meta?.pagination?.pageCount === 'number';

/** Fetches a list call; a non-200 answer or an unreadable one becomes its status (500 when 200). */
async function fetchList(fetchJson: TSiteFetchJson, path: string): Promise<TBlogList | { status: number }> {
  try {
    const { status, body } = await fetchJson(path);
    if (status === 200 && isBlogList(body)) return body;
    return { status: status === 200 ? 500 : status };
  } catch {
    return { status: 0 };
  }
}

/** `GET /blogs` with `pagination[page]` and `pagination[pageSize]` (spec 002 §7). `page` is passed as given. */
export const blogPagePath = (page: string | number) =>
  `/api/content/blogs?pagination[page]=${encodeURIComponent(page)}&pagination[pageSize]=${BLOG_PAGE_SIZE}`;

export async function loadBlogPage(fetchJson: TSiteFetchJson, page: string | number): Promise<BlogPageState> {
  const list = await fetchList(fetchJson, blogPagePath(page));
  if ('status' in list) return { kind: 'error', status: list.status };
  const { pagination } = list.meta;
  return {
    kind: 'posts',
    posts: list.data.map(toPreview),
    page: pagination.page,
    pageCount: pagination.pageCount,
  };
}

/** The newest posts (`sort` by published date with a limit), used as "more articles". */
export async function loadLatestPosts(fetchJson: TSiteFetchJson, limit: number): Promise<BlogPreview[]> {
  const list = await fetchList(
    fetchJson,
    `/api/content/blogs?sort=published_at:desc&pagination[limit]=${limit}`,
  );
  return 'status' in list ? [] : list.data.map(toPreview);
}

/** `GET /blogs?filters[slug][$eq]={slug}&populate=featured_image`, and three more posts to read next. */
export async function loadBlogPost(fetchJson: TSiteFetchJson, slug: string): Promise<BlogPostState> {
  const list = await fetchList(
    fetchJson,
    `/api/content/blogs?filters[slug][$eq]=${encodeURIComponent(slug)}&populate=featured_image`,
  );
  if ('status' in list) return { kind: 'error', status: list.status };
  const post = list.data[0];
  if (!post) return { kind: 'notFound' };
  const latest = await loadLatestPosts(fetchJson, 4);
  return { kind: 'post', post, more: latest.filter((p) => p.slug !== post.slug).slice(0, 3) };
}

/** What a failed blog call tells the visitor, by HTTP status (spec 002 §8). */
export function blogErrorText(status: number): { title: string; text: string } {
  if (status === 404)
    return { title: MESSAGES.content.blogUnavailable, text: 'Please try again in a few minutes.' };
  if (status >= 500)
    return { title: MESSAGES.content.serverErrorTitle, text: MESSAGES.content.serverErrorText };
  if (status >= 400)
    return { title: MESSAGES.content.requestErrorTitle, text: 'The blog could not answer this address.' };
  return { title: MESSAGES.content.somethingWrong, text: MESSAGES.content.networkError };
}

/** Dates as a reader expects them: "29 September 2024". */
export function formatPostDate(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
