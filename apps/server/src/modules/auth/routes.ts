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
import { requireAuth } from '../../platform/auth.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { deleteSessionByToken, SESSION_COOKIE } from '../../platform/sessions.ts';
import { findAdminById } from './queries.ts';
import { login, toAdminSession } from './service.ts';

const tags = ['Sign-in and session'];

export const authRoutes: ModuleRoutes = async (app, { database: { db }, config, limiter }) => {
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
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await deleteSessionByToken(db, previous);
      const userAgent = request.headers['user-agent'];
      const { admin, token, expiresAt } = await login(
        { db, limiter, session: config.session },
        { ...request.body, ip: request.ip, ...(userAgent ? { userAgent } : {}) },
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
      const token = request.cookies[SESSION_COOKIE];
      if (token) await deleteSessionByToken(db, token);
      clearCookie(request, reply);
      return { responseCode: RESPONSE_CODE.success, responseMessage: MESSAGES.login.loggedOut, data: null };
    },
  );

  app.get(
    '/api/admin/me',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The signed-in admin, as login answers it',
        response: { 200: ZEnvelope(ZAdminSession), 401: ZErrorEnvelope },
      },
    },
    async (request) => {
      const admin = await findAdminById(db, requireAuth(request).adminId);
      if (!admin) throw new AppError('UNAUTHENTICATED', MESSAGES.auth.unauthenticated);
      return { responseCode: RESPONSE_CODE.success, responseMessage: '', data: toAdminSession(admin) };
    },
  );
};
