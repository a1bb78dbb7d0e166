import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  MESSAGES,
  RESPONSE_CODE,
  ZAdminSession,
  ZEnvelope,
  ZErrorEnvelope,
  ZLoginRequest,
} from '@fleet/contract';
import { z } from 'zod';
import { callerContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ACCESS } from '../../platform/principal.ts';
import { SESSION_COOKIE } from '../../platform/sessions.ts';
import { login, logout, me } from './service.ts';

const tags = ['Sign-in and session'];

export const authRoutes: ModuleRoutes = async (app, deps) => {
  const { database, config, limiter } = deps;
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure === 'true',
  });
  const clearCookie = (request: FastifyRequest, reply: FastifyReply) =>
    reply.clearCookie(SESSION_COOKIE, cookieOptions(request));

  app.post(
    '/api/admin/login',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in an admin',
        body: ZLoginRequest,
        response: {
          200: ZEnvelope(ZAdminSession),
          400: ZErrorEnvelope,
          401: ZErrorEnvelope,
          429: ZErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      // Rotation: whatever session this browser had ends here; sign-in always opens a fresh one.
      const previousToken = request.cookies[SESSION_COOKIE];
      const userAgent = request.headers['user-agent'];
      const { admin, token, expiresAt } = await login(
        { db: database.db, limiter, session: config.session },
        {
          ...request.body,
          ip: request.ip,
          ...(userAgent ? { userAgent } : {}),
          ...(previousToken ? { previousToken } : {}),
        },
      );
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), expires: expiresAt });
      return { responseCode: RESPONSE_CODE.success, responseMessage: MESSAGES.login.success, data: admin };
    },
  );

  app.post(
    '/api/admin/logout',
    {
      // Public so that a stale tab can always sign out; it only ever ends the caller's own session.
      config: { access: 'public' },
      schema: { tags, summary: 'Sign out', response: { 200: ZEnvelope(z.null()) } },
    },
    async (request, reply) => {
      await logout(database.db, request.cookies[SESSION_COOKIE]);
      clearCookie(request, reply);
      return { responseCode: RESPONSE_CODE.success, responseMessage: MESSAGES.login.loggedOut, data: null };
    },
  );

  app.get(
    '/api/admin/me',
    {
      config: { access: ACCESS.admins },
      schema: {
        tags,
        summary: 'The signed-in admin, as login answers it',
        response: { 200: ZEnvelope(ZAdminSession), 401: ZErrorEnvelope },
      },
    },
    async (request) => ({
      responseCode: RESPONSE_CODE.success,
      responseMessage: '',
      data: await me(callerContext(request, deps)),
    }),
  );
};
