import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { MESSAGES } from '@fleet/contract/site';
import { PageHeader } from '../../components/site/page-blocks';
import { browserFetchJson } from '../../lib/site-fetch';
import { loadBlogPage, type BlogPageState } from './api/blog';
import { BlogErrorState, BlogState, PostCard, blogPageHref } from './blog-parts';

export interface BlogListPageProps {
  /** The page the server rendered. */
  state: BlogPageState;
}

/** Page numbers to show: all of them up to 7, otherwise the ends and the neighbours of the current one. */
export function pageNumbers(page: number, pageCount: number): (number | 'gap')[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const shown = new Set([1, pageCount, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pageCount));
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1]! > 1 ? ['gap' as const, n] : [n]));
}

function Pagination({
  page,
  pageCount,
  onGo,
}: {
  page: number;
  pageCount: number;
  onGo: (page: number, event: MouseEvent) => void;
}) {
  if (pageCount <= 1) return null;
  const link = (target: number, label: string, ariaLabel?: string) => (
    <a href={blogPageHref(target)} aria-label={ariaLabel} onClick={(event) => onGo(target, event)}>
      {label}
    </a>
  );
  return (
    <nav aria-label="Blog pages">
      <ul className="pagination">
        <li>
          {page > 1 ? (
            link(page - 1, 'Previous', 'Previous page')
          ) : (
            <span className="pagination__disabled">Previous</span>
          )}
        </li>
        {pageNumbers(page, pageCount).map((n, i) => (
          <li key={n === 'gap' ? `gap-${i}` : n}>
            {n === 'gap' ? (
              <span aria-hidden="true">…</span>
            ) : n === page ? (
              <span aria-current="page" aria-label={`Page ${n}`}>
                {n}
              </span>
            ) : (
              link(n, String(n), `Page ${n}`)
            )}
          </li>
        ))}
        <li>
          {page < pageCount ? (
            link(page + 1, 'Next', 'Next page')
          ) : (
            <span className="pagination__disabled">Next</span>
          )}
        </li>
      </ul>
    </nav>
  );
}

const pageFromLocation = () => {
  const page = new URLSearchParams(window.location.search).get('page');
  return page ?? '1';
};

/**
 * /blog: 10 posts a page with 200-character previews (spec 002 §2). The server renders the page
 * asked for; in the browser, the page links load the next page through the blog call without
 * leaving the page, with the spec's status-based messages when that fails.
 */
export function BlogListPage({ state: initial }: BlogListPageProps) {
  const [state, setState] = useState(initial);
  const [loading, setLoading] = useState(false);
  const request = useRef(0);

  // Only the latest request's answer is shown, however the answers arrive.
  const load = useCallback(async (page: number | string) => {
    const id = ++request.current;
    setLoading(true);
    const next = await loadBlogPage(browserFetchJson, page);
    if (id !== request.current) return;
    setState(next);
    setLoading(false);
  }, []);

  useEffect(() => {
    const onPopState = () => void load(pageFromLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [load]);

  const go = (page: number, event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    window.history.pushState(null, '', blogPageHref(page));
    window.scrollTo({ top: 0 });
    void load(page);
  };

  return (
    <>
      <PageHeader
        eyebrow="Blog"
        title="Notes from the road"
        lead="Practical articles for the people who plan trips and run fleets: schedules, proof of delivery, safety, maintenance, fuel and drivers."
      />
      <section className="section" aria-busy={loading || undefined}>
        <div className="container">
          {loading && (
            <p className="loading-note" role="status">
              Loading posts…
            </p>
          )}
          {state.kind === 'error' ? (
            <BlogErrorState
              status={state.status}
              retry={{ label: 'Try again', onClick: () => void load(pageFromLocation()) }}
            />
          ) : state.posts.length === 0 && state.pageCount === 0 ? (
            <BlogState
              title={MESSAGES.content.noPosts}
              text="Articles appear here as soon as they are published. Subscribe to the newsletter below to hear about them."
            />
          ) : state.posts.length === 0 ? (
            <BlogState
              title="There are no posts on this page"
              text={`The blog has ${state.pageCount} ${state.pageCount === 1 ? 'page' : 'pages'} of posts.`}
              action={{ label: 'Go to the first page', href: blogPageHref(1) }}
            />
          ) : (
            <>
              <ul className="post-list">
                {state.posts.map((post) => (
                  <li key={post.slug}>
                    <PostCard post={post} />
                  </li>
                ))}
              </ul>
              <Pagination page={state.page} pageCount={state.pageCount} onGo={go} />
            </>
          )}
        </div>
      </section>
    </>
  );
}
