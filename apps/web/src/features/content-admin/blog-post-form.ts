import { MESSAGES, ZBlogPostInput, type TBlogPostAdmin, type TBlogPostInput } from '@fleet/contract';
import { z } from 'zod';

/** The editor's fields: the post as the server takes it, with the publish date as a local date and time. */
const shape = ZBlogPostInput.shape;
export const ZBlogPostForm = ZBlogPostInput.extend({
  // The same rules as the server, without its defaults: the form always sends every field.
  excerpt: shape.excerpt.unwrap(),
  author: shape.author.unwrap(),
  content: shape.content.unwrap(),
  content_format: shape.content_format.unwrap(),
  status: shape.status.unwrap(),
  featured_image_url: shape.featured_image_url.unwrap(),
  featured_image_alt: shape.featured_image_alt.unwrap(),
  /** `YYYY-MM-DDTHH:mm`, local time, or empty (publishing without a date publishes now). */
  published_at: z
    .string()
    .refine((v) => v === '' || !Number.isNaN(new Date(v).getTime()), MESSAGES.content.dateInvalid),
}).transform((form): TBlogPostInput => ({
  ...form,
  published_at: form.published_at ? new Date(form.published_at).toISOString() : null,
}));
export type TBlogPostForm = z.input<typeof ZBlogPostForm>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as the local `datetime-local` value the date field shows. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const EMPTY_POST: TBlogPostForm = {
  title: '',
  slug: '',
  excerpt: '',
  author: '',
  content_format: 'markdown',
  content: '',
  featured_image_url: '',
  featured_image_alt: '',
  status: 'draft',
  published_at: '',
};

export const postToForm = (post: TBlogPostAdmin): TBlogPostForm => ({
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  author: post.author,
  content_format: post.content_format,
  content: post.content_source,
  featured_image_url: post.featured_image?.url ?? '',
  featured_image_alt: post.featured_image?.alternativeText ?? '',
  status: post.status,
  published_at: toLocalInput(post.published_at),
});

/** "Cutting idle time!" → "cutting-idle-time": the slug a new post starts with. */
export const slugify = (title: string) =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
