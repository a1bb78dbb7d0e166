import {
  ZBlogPostAdmin,
  ZContactRequestRow,
  ZLandingSectionStored,
  type TBlogPostInput,
  type TLandingSectionKey,
  type TLandingSections,
} from '@fleet/contract';
import { z } from 'zod';
import { api, apiRequest } from '../../../lib/api';

export const BLOG_POSTS_KEY = ['content', 'blog-posts'] as const;
export const CONTENT_REQUESTS_KEY = ['content', 'requests'] as const;
export const LANDING_SECTIONS_KEY = ['content', 'landing-sections'] as const;

/** Every post, drafts included (super admin). */
export const fetchPosts = (signal?: AbortSignal) =>
  api.get('v1/content/blogs', { schema: z.array(ZBlogPostAdmin), signal });

/** Writes a new post, or replaces post `id`. */
export const savePost = (input: TBlogPostInput, id?: number) =>
  id === undefined
    ? api.post('v1/content/blogs', input, { schema: ZBlogPostAdmin })
    : apiRequest(`v1/content/blogs/${id}`, { method: 'PUT', body: input, schema: ZBlogPostAdmin });

export const deletePost = (id: number) => apiRequest(`v1/content/blogs/${id}`, { method: 'DELETE' });

/** The HTML visitors would get for this source: rendered and sanitised by the server, stored nowhere. */
export const previewPost = (body: Pick<TBlogPostInput, 'content_format' | 'content'>, signal?: AbortSignal) =>
  api.post('v1/content/blogs/preview', body, { schema: z.object({ html: z.string() }), signal });

/** Contact, demo and newsletter requests, newest first. */
export const fetchRequests = (signal?: AbortSignal) =>
  api.get('v1/content/requests', { schema: z.array(ZContactRequestRow), signal });

/** Every landing section as stored, in page order (super admin). */
export const fetchLandingSections = (signal?: AbortSignal) =>
  api.get('v1/content/landing-page', { schema: z.array(ZLandingSectionStored), signal });

/** Replaces one landing section; the server answers it as stored. */
export const saveLandingSection = <K extends TLandingSectionKey>(key: K, content: TLandingSections[K]) =>
  apiRequest(`v1/content/landing-page/${key}`, {
    method: 'PUT',
    body: { content },
    schema: ZLandingSectionStored,
  });
