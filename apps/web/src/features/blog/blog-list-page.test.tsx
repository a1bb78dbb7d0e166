import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBlogPost } from '@fleet/contract/site';
import { callsTo, mockApi } from '../../test/mock-api';
import { toPreview, type BlogPageState } from './api/blog';
import { BlogListPage, pageNumbers } from './blog-list-page';
import { BlogPostPage } from './blog-post-page';

const post = (n: number, extra: Partial<TBlogPost> = {}): TBlogPost => ({
  id: n,
  title: `Post ${n}`,
  slug: `post-${n}`,
  excerpt: '',
  author: 'Fleet Console team',
  published_at: '2025-03-18T08:00:00.000Z',
  content: `<p>Body of post ${n}.</p>`,
  featured_image: null,
  ...extra,
});

const page = (posts: TBlogPost[], pageNo: number, pageCount: number): BlogPageState => ({
  kind: 'posts',
  posts: posts.map(toPreview),
  page: pageNo,
  pageCount,
});

describe('blog list', () => {
  it('shows each post with its date, author and a preview cut at 200 characters', () => {
    const long = `<p>${'Trucks &amp; vans. '.repeat(30)}</p>`;
    render(<BlogListPage state={page([post(1, { content: long })], 1, 1)} />);
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Post 1' })).toHaveAttribute('href', '/blog/post-1');
    expect(card.querySelector('.post-meta')).toHaveTextContent('18 March 2025 · Fleet Console team');
    const preview = within(card).getByText(/^Trucks & vans\./);
    expect(preview.textContent!.length).toBeLessThanOrEqual(200);
    expect(preview.textContent).toMatch(/…$/);
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).not.toBeInTheDocument();
  });

  it('pages through the blog call without leaving the page', async () => {
    const fetchMock = mockApi({
      'GET /api/content/blogs': ({ query }) => ({
        body: {
          data: [post(11), post(12)],
          meta: {
            pagination: {
              page: Number(query.get('pagination[page]')),
              pageSize: 10,
              pageCount: 2,
              total: 12,
            },
          },
        },
      }),
    });
    const user = userEvent.setup();
    const first = Array.from({ length: 10 }, (_, i) => post(i + 1));
    render(<BlogListPage state={page(first, 1, 2)} />);
    const pager = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(within(pager).getByText('1')).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/blog?page=2');
    await user.click(within(pager).getByRole('link', { name: 'Page 2' }));
    expect(await screen.findByRole('link', { name: 'Post 12' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Post 1' })).not.toBeInTheDocument();
    expect(window.location.search).toBe('?page=2');
    const [call] = callsTo(fetchMock, 'GET', '/api/content/blogs');
    const url = new URL(String(call![0]), 'http://localhost');
    expect(url.searchParams.get('pagination[page]')).toBe('2');
    expect(url.searchParams.get('pagination[pageSize]')).toBe('10');
    window.history.replaceState(null, '', '/');
  });

  it('says "No Blog Posts Yet" when nothing is published', () => {
    render(<BlogListPage state={page([], 1, 0)} />);
    expect(screen.getByRole('heading', { name: 'No Blog Posts Yet' })).toBeInTheDocument();
  });

  it.each([
    [404, 'The blog service is not available at the moment.', 'Please try again in a few minutes.'],
    [500, 'Server Error', 'Our servers are having trouble. Please try again later.'],
    [503, 'Server Error', 'Our servers are having trouble. Please try again later.'],
    [400, 'Request Error', 'The blog could not answer this address.'],
    [0, 'Oops! Something Went Wrong', 'Network error. Please check your connection.'],
  ])('explains a failed load with status %i', (status, title, text) => {
    render(<BlogListPage state={{ kind: 'error', status }} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading')).toHaveTextContent(title);
    expect(alert).toHaveTextContent(text);
  });

  it('shows the status message when a later page fails, and loads it again on retry', async () => {
    let failing = true;
    mockApi({
      'GET /api/content/blogs': () =>
        failing
          ? { status: 500, body: { responseCode: 0, responseMessage: 'Internal error', data: null } }
          : {
              body: {
                data: [post(11)],
                meta: { pagination: { page: 2, pageSize: 10, pageCount: 2, total: 11 } },
              },
            },
    });
    const user = userEvent.setup();
    render(<BlogListPage state={page([post(1)], 1, 2)} />);
    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    expect(await screen.findByRole('heading', { name: 'Server Error' })).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Post 11' })).toBeInTheDocument());
    window.history.replaceState(null, '', '/');
  });

  it('numbers the pages with gaps when there are many', () => {
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(6, 12)).toEqual([1, 'gap', 5, 6, 7, 'gap', 12]);
    expect(pageNumbers(1, 12)).toEqual([1, 2, 'gap', 12]);
  });
});

describe('blog post', () => {
  it('shows the post with its sanitised HTML and more articles', () => {
    render(
      <BlogPostPage
        state={{
          kind: 'post',
          post: post(3, { content: '<h2>Checks</h2><p>Do them daily.</p>' }),
          more: [toPreview(post(4))],
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Post 3');
    expect(screen.getByRole('heading', { name: 'Checks' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Post 4' })).toHaveAttribute('href', '/blog/post-4');
  });

  it('says "Blog post not found" for an unknown slug', () => {
    render(<BlogPostPage state={{ kind: 'notFound' }} />);
    expect(screen.getByRole('heading', { name: 'Blog post not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all articles' })).toHaveAttribute('href', '/blog');
  });
});
