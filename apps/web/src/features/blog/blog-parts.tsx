import { paths } from '../../lib/paths';
import { SiteIcon } from '../../components/site/site-icon';
import { blogErrorText, formatPostDate, type BlogPreview } from './api/blog';

/** The blog list's address for a page: `/blog`, `/blog?page=2`, … */
export const blogPageHref = (page: number) =>
  page > 1 ? `${paths.blog.getHref()}?page=${page}` : paths.blog.getHref();

export function PostMeta({ date, author }: { date: string | null; author: string }) {
  const when = formatPostDate(date);
  if (!when && !author) return null;
  return (
    <p className="post-meta">
      {when && date && <time dateTime={date}>{when}</time>}
      {when && author && ' · '}
      {author}
    </p>
  );
}

/** A post in a list: image, title, date and author, the 200-character preview. */
export function PostCard({ post, headingLevel = 2 }: { post: BlogPreview; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const href = paths.blogPost.getHref({ slug: post.slug });
  return (
    <article className="post-card">
      {post.image && (
        <img className="post-card__image" src={post.image.url} alt={post.image.alt} loading="lazy" />
      )}
      <div className="post-card__body">
        <Heading>
          <a href={href}>{post.title}</a>
        </Heading>
        <PostMeta date={post.published_at} author={post.author} />
        <p className="post-card__preview">{post.preview}</p>
        <a className="card__link" href={href}>
          Read more<span className="visually-hidden"> about “{post.title}”</span>
          <SiteIcon name="arrowRight" size={18} />
        </a>
      </div>
    </article>
  );
}

/** A page-sized message: empty, not found or failed. */
export function BlogState({
  title,
  text,
  error = false,
  action,
}: {
  title: string;
  text: string;
  error?: boolean;
  action?: { label: string; href?: string; onClick?: () => void };
}) {
  return (
    <div className={error ? 'state state--error' : 'state'} role={error ? 'alert' : 'status'}>
      <span className="state__icon">
        <SiteIcon name={error ? 'alert' : 'message'} />
      </span>
      <h2>{title}</h2>
      <p>{text}</p>
      {action &&
        (action.href ? (
          <a className="button button--secondary" href={action.href}>
            {action.label}
          </a>
        ) : (
          <button type="button" className="button button--secondary" onClick={action.onClick}>
            {action.label}
          </button>
        ))}
    </div>
  );
}

/** A failed blog call, in the words of spec 002 §8 for its status. */
export function BlogErrorState({
  status,
  retry,
}: {
  status: number;
  retry: { label: string; href?: string; onClick?: () => void };
}) {
  const { title, text } = blogErrorText(status);
  return <BlogState error title={title} text={text} action={retry} />;
}
