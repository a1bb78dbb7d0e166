import type { TLanguage } from '@fleet/contract';
import type { TServiceContext } from '../../platform/context.ts';
import { languageCodeExists, listLanguages } from './queries.ts';

/*
 * The languages drivers can be addressed in: a reference list shared by every tenant, written by
 * the reference seed only. The module's door for the routes and the drivers module.
 */

/** Every language, by name. */
export const languages = (ctx: TServiceContext): Promise<TLanguage[]> => listLanguages(ctx.db);

/** Whether `code` is a language of the list (a driver's language is stored as its code). */
export const languageExists = (ctx: TServiceContext, code: string): Promise<boolean> =>
  languageCodeExists(ctx.db, code);
