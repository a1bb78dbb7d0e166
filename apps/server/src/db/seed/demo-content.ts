import type { Db } from '../client.ts';
import { blogPosts } from '../schema/index.ts';
import { renderPostContent } from '../../modules/content/sanitize.ts';
import { DEMO_ARTICLES, DEMO_ARTICLE_AUTHOR } from './demo-articles.ts';

/**
 * The demo blog: six published articles, rendered and sanitised as the blog editor saves posts.
 * The landing sections are not demo data: `site-content.ts` writes them on every installation.
 */
export async function seedDemoContent(db: Db): Promise<void> {
  await db.insert(blogPosts).values(
    DEMO_ARTICLES.map((article) => ({
      title: article.title,
      slug: article.slug,
      excerpt: article.excerpt,
      author: DEMO_ARTICLE_AUTHOR,
      contentFormat: 'markdown',
      contentSource: article.content,
      contentHtml: renderPostContent('markdown', article.content),
      status: 'published',
      publishedAt: new Date(article.publishedAt),
    })),
  );
}
