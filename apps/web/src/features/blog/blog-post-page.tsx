import { MESSAGES } from '@fleet/contract/site';
import { paths } from '../../lib/paths';
import { SectionHead } from '../../components/site/page-blocks';
import { SiteIcon } from '../../components/site/site-icon';
import type { BlogPostState } from './api/blog';
import { BlogErrorState, BlogState, PostCard, PostMeta } from './blog-parts';

export interface BlogPostPageProps {
  state: BlogPostState;
}

function BackToBlog() {
  return (
    <a className="article__back" href={paths.blog.getHref()}>
      <SiteIcon name="arrowLeft" size={18} /> All articles
    </a>
  );
}

/**
 * /blog/{slug}: one post. Its HTML was rendered and sanitised by the server when the post was saved
 * (no script, iframe, inline handler or javascript: link survives, spec 002 §5).
 */
export function BlogPostPage({ state }: BlogPostPageProps) {
  if (state.kind !== 'post') {
    return (
      <section className="section">
        <div className="container">
          {state.kind === 'notFound' ? (
            <BlogState
              error
              title={MESSAGES.content.postNotFound}
              text="The article may have been renamed or taken down."
              action={{ label: 'See all articles', href: paths.blog.getHref() }}
            />
          ) : (
            <BlogErrorState
              status={state.status}
              retry={{ label: 'See all articles', href: paths.blog.getHref() }}
            />
          )}
        </div>
      </section>
    );
  }

  const { post, more } = state;
  return (
    <>
      <article className="section">
        <div className="container article">
          <BackToBlog />
          <header>
            <h1>{post.title}</h1>
            <PostMeta date={post.published_at} author={post.author} />
            {post.excerpt && <p className="lead">{post.excerpt}</p>}
          </header>
          {post.featured_image && (
            <img
              className="article__image"
              src={post.featured_image.url}
              alt={post.featured_image.alternativeText}
            />
          )}
          <div className="prose" dangerouslySetInnerHTML={{ __html: post.content }} />
        </div>
      </article>
      {more.length > 0 && (
        <section className="section section--soft" aria-labelledby="more-title">
          <div className="container">
            <SectionHead id="more-title" title="More articles" />
            <ul className="post-list">
              {more.map((preview) => (
                <li key={preview.slug}>
                  <PostCard post={preview} headingLevel={3} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}
