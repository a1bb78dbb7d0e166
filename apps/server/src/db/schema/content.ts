import { index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Public-site content and what visitors send in. Product-wide (not tenant-owned): the super admin edits it.

export const landingSections = pgTable('landing_sections', {
  key: text('key').primaryKey(),
  content: jsonb('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    author: text('author').notNull().default(''),
    /** What the author wrote: Markdown or HTML. */
    contentFormat: text('content_format').notNull().default('markdown'),
    contentSource: text('content_source').notNull().default(''),
    /** The sanitised HTML visitors get, rendered from the source at every save. */
    contentHtml: text('content_html').notNull().default(''),
    featuredImageUrl: text('featured_image_url'),
    featuredImageAlt: text('featured_image_alt'),
    status: text('status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blog_posts_slug_idx').on(t.slug),
    index('blog_posts_published_idx').on(t.status, t.publishedAt),
  ],
);

export const contactRequests = pgTable(
  'contact_requests',
  {
    id: serial('id').primaryKey(),
    /** landing (demo or consultation), contact (contact page) or newsletter. */
    kind: text('kind').notNull(),
    name: text('name'),
    email: text('email').notNull(),
    company: text('company'),
    companySize: text('company_size'),
    phone: text('phone'),
    message: text('message'),
    ip: text('ip'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_requests_created_idx').on(t.createdAt)],
);
