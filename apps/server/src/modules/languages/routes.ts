import { ZEnvelope, ZErrorEnvelope, ZLanguage } from '@fleet/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerContext } from '../../platform/context.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ACCESS } from '../../platform/principal.ts';
import { ok } from '../../platform/envelope.ts';
import { languages } from './service.ts';

export const languageRoutes: ModuleRoutes = async (app, deps) => {
  const schema = {
    tags: ['Settings'],
    summary: 'Languages drivers can be addressed in',
    response: { 200: ZEnvelope(z.array(ZLanguage)), 401: ZErrorEnvelope, 403: ZErrorEnvelope },
  };
  const load = async (request: FastifyRequest) => ok(await languages(callerContext(request, deps)));
  app.get('/api/language/get-languages', { config: { access: ACCESS.admins }, schema }, load);
  app.post(
    '/api/language/get-languages',
    { config: { access: ACCESS.admins }, schema: { ...schema, body: z.object({}).passthrough().nullish() } },
    load,
  );
};
