import { asc } from 'drizzle-orm';
import { ZEnvelope, ZErrorEnvelope, ZLanguage } from '@fleet/contract';
import { z } from 'zod';
import { languages } from '../../db/schema/index.ts';
import type { ModuleRoutes } from '../../platform/deps.ts';
import { ok } from '../../platform/envelope.ts';

export const languageRoutes: ModuleRoutes = async (app, { database: { db } }) => {
  const schema = {
    tags: ['Settings'],
    summary: 'Languages drivers can be addressed in',
    response: { 200: ZEnvelope(z.array(ZLanguage)), 401: ZErrorEnvelope, 403: ZErrorEnvelope },
  };
  const load = async () => ok(await db.select().from(languages).orderBy(asc(languages.name)));
  app.get('/api/language/get-languages', { config: { access: 'admin' }, schema }, load);
  app.post(
    '/api/language/get-languages',
    { config: { access: 'admin' }, schema: { ...schema, body: z.object({}).passthrough().nullish() } },
    load,
  );
};
