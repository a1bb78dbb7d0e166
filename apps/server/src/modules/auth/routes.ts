import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  MESSAGES,
  RESPONSE_CODE,
  ZAdminSession,
  ZEnvelope,
  ZErrorEnvelope,
  ZGuardianSession,
  ZLoginRequest,
} from '@fleet/contract';
import { z } from 'zod';
import { callerContext, tenantContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ACCESS } from '../../platform/principal.ts';
import { SESSION_COOKIE } from '../../platform/sessions.ts';
import { setDeviceCookie } from '../../platform/login-limiter.ts';
import { guardianLogin, guardianMe, login, logout, me, signInAttempt } from './service.ts';

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
          409: ZErrorEnvelope,
          429: ZErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      // Rotation: whatever session this browser had ends here; sign-in always opens a fresh one.
      const { admin, token, expiresAt, deviceToken } = await login(
        { db: database.db, limiter, session: config.session },
        { ...signInAttempt(request), previousToken: request.cookies[SESSION_COOKIE] },
      );
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), expires: expiresAt });
      setDeviceCookie(request, reply, deviceToken, config.cookieSecure);
      return { responseCode: RESPONSE_CODE.success, responseMessage: MESSAGES.login.success, data: admin };
    },
  );

  /** Ends the caller's own session (an admin's or a guardian's: they share the cookie). */
  const signOut = async (request: FastifyRequest, reply: FastifyReply) => {
    await logout(database.db, request.cookies[SESSION_COOKIE]);
    clearCookie(request, reply);
    return { responseCode: RESPONSE_CODE.success, responseMessage: MESSAGES.login.loggedOut, data: null };
  };

  app.post(
    '/api/admin/logout',
    {
      // Public so that a stale tab can always sign out; it only ever ends the caller's own session.
      config: { access: 'public' },
      schema: { tags, summary: 'Sign out', response: { 200: ZEnvelope(z.null()) } },
    },
    signOut,
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

  // ---------- The parents' view (guardians of a school bus's pupils) ----------

  const parentsTags = ['Parents'];

  app.post(
    '/api/v1/guardian/login',
    {
      config: { access: 'public' },
      schema: {
        tags: parentsTags,
        summary: "Sign in a guardian (a parent) to the parents' view",
        body: ZLoginRequest,
        response: {
          200: ZEnvelope(ZGuardianSession),
          400: ZErrorEnvelope,
          401: ZErrorEnvelope,
          409: ZErrorEnvelope,
          429: ZErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      // Rotation, as for admins: the browser's previous session (an admin's or a guardian's) ends here.
      const { guardian, token, expiresAt, deviceToken } = await guardianLogin(
        { db: database.db, limiter, session: config.session },
        { ...signInAttempt(request), previousToken: request.cookies[SESSION_COOKIE] },
      );
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), expires: expiresAt });
      setDeviceCookie(request, reply, deviceToken, config.cookieSecure);
      return { responseCode: RESPONSE_CODE.success, responseMessage: MESSAGES.login.success, data: guardian };
    },
  );

  app.post(
    '/api/v1/guardian/logout',
    {
      // Public, as the console's: a stale tab can always sign out; it ends only the caller's own session.
      config: { access: 'public' },
      schema: { tags: parentsTags, summary: 'Sign a guardian out', response: { 200: ZEnvelope(z.null()) } },
    },
    signOut,
  );

  app.get(
    '/api/v1/guardian/me',
    {
      config: { access: ACCESS.guardian },
      schema: {
        tags: parentsTags,
        summary: 'The signed-in guardian, their school and their children, as login answers it',
        response: { 200: ZEnvelope(ZGuardianSession), 401: ZErrorEnvelope, 403: ZErrorEnvelope },
      },
    },
    async (request) => ({
      responseCode: RESPONSE_CODE.success,
      responseMessage: '',
      data: await guardianMe(tenantContext(request, deps)),
    }),
  );
};
