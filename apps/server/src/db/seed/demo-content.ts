import type { TServiceContext } from '../../platform/context.ts';
import { addPublishedArticles } from '../../modules/content/service.ts';
import { DEMO_ARTICLES, DEMO_ARTICLE_AUTHOR } from './demo-articles.ts';

/**
 * The demo blog: six published articles, rendered and sanitised as the blog editor saves posts.
 * The landing sections are not demo data: `site-content.ts` writes them on every installation.
 */
export async function seedDemoContent(ctx: TServiceContext): Promise<void> {
  await addPublishedArticles(
    ctx,
    DEMO_ARTICLES.map((article) => ({
      title: article.title,
      slug: article.slug,
      excerpt: article.excerpt,
      author: DEMO_ARTICLE_AUTHOR,
      markdown: article.content,
      publishedAt: new Date(article.publishedAt),
    })),
  );
}
