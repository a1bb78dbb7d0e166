import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ZBlogPostAdmin,
  ZContactRequestRow,
  ZLandingSectionStored,
  type TBlogPostInput,
  type TLandingSectionKey,
  type TLandingSectionStored,
  type TLandingSections,
} from '@fleet/contract';
import { z } from 'zod';
import { api, apiRequest } from '../../../lib/api/client';
import { useChange } from '../../../lib/api/change';
import { queryRoots } from '../../../lib/query-keys';

/*
 * The public site's content as the super admin runs it: blog posts, the landing page's sections and
 * the requests visitors sent. These lists are small: searches run here.
 */

export const contentKeys = {
  posts: (search: string) => [...queryRoots.blogPosts, 'list', { search }] as const,
  preview: (format: string, content: string) => [...queryRoots.blogPreviews, format, content] as const,
  landingSections: () => [...queryRoots.landingSections, 'list'] as const,
  requests: (search: string) => [...queryRoots.contactRequests, 'list', { search }] as const,
};

const matches = (needle: string, ...texts: (string | null)[]) =>
  texts.join(' ').toLowerCase().includes(needle.toLowerCase());

/** Every post, drafts included, whose title, slug or author matches the search. */
export const blogPostListQuery = (search: string) =>
  queryOptions({
    queryKey: contentKeys.posts(search),
    queryFn: async ({ signal }) =>
      (await api.get('v1/content/blogs', { schema: z.array(ZBlogPostAdmin), signal })).filter(
        (p) => !search || matches(search, p.title, p.slug, p.author),
      ),
  });

// Not in the contract yet: what the preview call answers.
const ZBlogPreview = z.object({ html: z.string() });

/** The HTML visitors would get for this source: rendered and sanitised by the server, stored nowhere. */
export const blogPreviewQuery = (format: 'markdown' | 'html', content: string) =>
  queryOptions({
    queryKey: contentKeys.preview(format, content),
    queryFn: ({ signal }) =>
      api.post(
        'v1/content/blogs/preview',
        { content_format: format, content } satisfies Pick<TBlogPostInput, 'content_format' | 'content'>,
        { schema: ZBlogPreview, signal },
      ),
    staleTime: Infinity,
  });

/** Writes a new post, or replaces post `id`. */
export function useSavePost() {
  return useChange('blog_post', ({ post, id }: { post: TBlogPostInput; id?: number }) =>
    id === undefined
      ? api.post('v1/content/blogs', post, { schema: ZBlogPostAdmin })
      : apiRequest(`v1/content/blogs/${id}`, { method: 'PUT', body: post, schema: ZBlogPostAdmin }),
  );
}

export function useDeletePost() {
  return useChange('blog_post', (id: number) => apiRequest(`v1/content/blogs/${id}`, { method: 'DELETE' }));
}

/** Contact, demo and newsletter requests, newest first, matching the search. */
export const contactRequestListQuery = (search: string) =>
  queryOptions({
    queryKey: contentKeys.requests(search),
    queryFn: async ({ signal }) =>
      (await api.get('v1/content/requests', { schema: z.array(ZContactRequestRow), signal })).filter(
        (r) => !search || matches(search, r.name, r.email, r.company, r.phone, r.message),
      ),
  });

/** Every landing section as stored, in page order (super admin). */
export const landingSectionsQuery = () =>
  queryOptions({
    queryKey: contentKeys.landingSections(),
    queryFn: ({ signal }) =>
      api.get('v1/content/landing-page', { schema: z.array(ZLandingSectionStored), signal }),
  });

/** Replaces one landing section; the server answers it as stored, which replaces it in the list. */
export function useSaveLandingSection<K extends TLandingSectionKey>(key: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: TLandingSections[K]) =>
      apiRequest(`v1/content/landing-page/${key}`, {
        method: 'PUT',
        body: { content },
        schema: ZLandingSectionStored,
      }),
    onSuccess: (saved) =>
      queryClient.setQueryData<TLandingSectionStored[]>(contentKeys.landingSections(), (sections) =>
        sections?.map((s) => (s.key === key ? saved : s)),
      ),
  });
}
