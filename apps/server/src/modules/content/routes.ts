import {
  BLOG_PAGE_SIZE,
  LANDING_SECTION_KEYS,
  MESSAGES,
  ZBlogList,
  ZBlogPostAdmin,
  ZBlogPostInput,
  ZContactRequestRow,
  ZContactsRequest,
  ZEnvelope,
  ZErrorEnvelope,
  ZLandingSectionStored,
  ZSendEmailRequest,
  zId,
  zWholeNumber,
} from '@fleet/contract';
import { z } from 'zod';
import { callerContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ACCESS } from '../../platform/principal.ts';
import { ERROR_RESPONSES, ok } from '../../platform/envelope.ts';
import {
  allPosts,
  contactRequests,
  deletePost,
  landingPage,
  listStoredSections,
  publishedPost,
  publishedPosts,
  receiveContactRequest,
  renderPostContent,
  saveLandingSection,
  savePost,
  siteContext,
} from './service.ts';

const tags = ['Public content'];
const adminTags = ['Content administration'];
const errors = ERROR_RESPONSES;
const positive = (max: number) =>
  zWholeNumber({ min: 1, max, message: `must be a whole number from 1 to ${max}` });

// Query keys as a headless content service spells them: pagination[page], filters[slug][$eq], …
const ZBlogQuery = z.object({
  'pagination[page]': positive(10_000).optional(),
  'pagination[pageSize]': positive(100).optional(),
  'pagination[limit]': positive(100).optional(),
  'filters[slug][$eq]': z.string().trim().max(120).optional(),
  sort: z.enum(['published_at:desc', 'publishedAt:desc', 'published_at', 'publishedAt']).optional(),
  populate: z.string().max(50).optional(),
});

export const contentRoutes: ModuleRoutes = async (app, deps) => {
  const { config, mailer } = deps;
  const site = siteContext(deps);
  const contactDeps = { mailer, salesEmail: config.mail.salesEmail, log: app.log };
  const abuseLimit = { max: config.contactMaxPerHour, timeWindow: '1 hour' };

  app.get(
    '/api/content/landing-page',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The landing page sections (`populate=deep` is accepted and implied)',
        querystring: z.object({ populate: z.string().max(50).optional() }),
        response: { 200: z.object({ data: z.record(z.string(), z.unknown()) }) },
      },
    },
    async () => ({ data: await landingPage(site) }),
  );

  app.get(
    '/api/content/blogs',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Published blog posts, newest first: paged, or one by `filters[slug][$eq]`',
        querystring: ZBlogQuery,
        response: { 200: ZBlogList, 400: ZErrorEnvelope },
      },
    },
    async (request) => {
      const q = request.query;
      const slug = q['filters[slug][$eq]'];
      if (slug !== undefined) {
        const post = await publishedPost(site, slug);
        const data = post ? [post] : [];
        return {
          data,
          meta: { pagination: { page: 1, pageSize: 1, pageCount: data.length, total: data.length } },
        };
      }
      const pageSize = q['pagination[limit]'] ?? q['pagination[pageSize]'] ?? BLOG_PAGE_SIZE;
      const page = q['pagination[limit]'] ? 1 : (q['pagination[page]'] ?? 1);
      const { posts, total } = await publishedPosts(site, { page, pageSize });
      return {
        data: posts,
        meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total } },
      };
    },
  );

  app.post(
    '/api/content/contacts',
    {
      config: { access: 'public', rateLimit: abuseLimit },
      schema: {
        tags,
        summary: 'The contact page form; stored and mailed to sales',
        body: ZContactsRequest,
        response: {
          200: z.object({ data: z.object({ id: z.number().int() }) }),
          400: ZErrorEnvelope,
          429: ZErrorEnvelope,
        },
      },
    },
    async (request) => {
      const { name, email, company, telephone, message } = request.body.data;
      const row = await receiveContactRequest(site, contactDeps, {
        kind: 'contact',
        name,
        email,
        company,
        phone: telephone,
        message,
        ip: request.ip,
      });
      return { data: { id: row.id } };
    },
  );

  app.post(
    '/api/admin/send-email',
    {
      config: { access: 'public', rateLimit: abuseLimit },
      schema: {
        tags,
        summary: 'The landing contact form or the newsletter box; stored and mailed to sales',
        body: ZSendEmailRequest,
        response: { 200: ZEnvelope(z.null()), 400: ZErrorEnvelope, 429: ZErrorEnvelope },
      },
    },
    async (request) => {
      const { name, email, companySize, phoneNumber, discuss } = request.body;
      // The newsletter box sends an e-mail alone; the landing form sends the whole request.
      const kind = companySize || phoneNumber ? 'landing' : 'newsletter';
      await receiveContactRequest(site, contactDeps, {
        kind,
        name: name || null,
        email,
        companySize: companySize || null,
        phone: phoneNumber || null,
        message: discuss || null,
        ip: request.ip,
      });
      return ok(null, MESSAGES.content.sent);
    },
  );

  // ---- Super admin: blog editor, landing sections, inbox ----
  const superOnly = { access: ACCESS.superAdmin };

  app.get(
    '/api/v1/content/blogs',
    {
      config: superOnly,
      schema: {
        tags: adminTags,
        summary: 'Every post, drafts included',
        response: { 200: ZEnvelope(z.array(ZBlogPostAdmin)), ...errors },
      },
    },
    async (request) => ok(await allPosts(callerContext(request, deps))),
  );

  app.post(
    '/api/v1/content/blogs',
    {
      config: superOnly,
      schema: {
        tags: adminTags,
        summary: 'Write a post',
        body: ZBlogPostInput,
        response: { 200: ZEnvelope(ZBlogPostAdmin), ...errors },
      },
    },
    async (request) =>
      ok(await savePost(callerContext(request, deps), request.body), MESSAGES.content.postSaved),
  );

  app.post(
    '/api/v1/content/blogs/preview',
    {
      config: superOnly,
      schema: {
        tags: adminTags,
        summary: 'The HTML a post would get, rendered and sanitised as on save; nothing is stored',
        body: ZBlogPostInput.pick({ content_format: true, content: true }),
        response: { 200: ZEnvelope(z.object({ html: z.string() })), ...errors },
      },
    },
    async (request) => ok({ html: renderPostContent(request.body.content_format, request.body.content) }),
  );

  app.put(
    '/api/v1/content/blogs/:id',
    {
      config: superOnly,
      schema: {
        tags: adminTags,
        summary: 'Update a post',
        params: z.object({ id: zId('id') }),
        body: ZBlogPostInput,
        response: { 200: ZEnvelope(ZBlogPostAdmin), ...errors },
      },
    },
    async (request) =>
      ok(
        await savePost(callerContext(request, deps), request.body, request.params.id),
        MESSAGES.content.postSaved,
      ),
  );

  app.delete(
    '/api/v1/content/blogs/:id',
    {
      config: superOnly,
      schema: {
        tags: adminTags,
        summary: 'Delete a post',
        params: z.object({ id: zId('id') }),
        response: { 200: ZEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await deletePost(callerContext(request, deps), request.params.id);
      return ok(null, MESSAGES.content.postDeleted);
    },
  );

  app.get(
    '/api/v1/content/landing-page',
    {
      config: superOnly,
      schema: {
        tags: adminTags,
        summary: 'Every landing page section as stored, in page order, with when it was last saved',
        response: { 200: ZEnvelope(z.array(ZLandingSectionStored)), ...errors },
      },
    },
    async (request) => ok(await listStoredSections(callerContext(request, deps))),
  );

  app.put(
    '/api/v1/content/landing-page/:key',
    {
      config: superOnly,
      schema: {
        tags: adminTags,
        summary: 'Replace one landing page section; its content must fit the key’s schema',
        params: z.object({ key: z.enum(LANDING_SECTION_KEYS) }),
        body: z.object({
          content: z
            .record(z.string(), z.unknown())
            .describe('the section’s fields (`TLandingSections[key]`), checked by `ZLandingSection[key]`'),
        }),
        response: { 200: ZEnvelope(ZLandingSectionStored), ...errors },
      },
    },
    async (request) =>
      ok(
        await saveLandingSection(callerContext(request, deps), request.params.key, request.body.content),
        MESSAGES.content.sectionSaved,
      ),
  );

  app.get(
    '/api/v1/content/requests',
    {
      config: superOnly,
      schema: {
        tags: adminTags,
        summary: 'Contact, demo and newsletter requests, newest first',
        querystring: z.object({ limit: positive(1000).default(200) }),
        response: { 200: ZEnvelope(z.array(ZContactRequestRow)), ...errors },
      },
    },
    async (request) => ok(await contactRequests(callerContext(request, deps), request.query.limit)),
  );
};
