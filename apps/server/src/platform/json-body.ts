import secureJson from 'secure-json-parse';
import { MESSAGES } from '@fleet/contract';
import { AppError } from './errors.ts';
import { MAX_DEPTH } from './stored-text.ts';

/*
 * Reading a JSON body, as Fastify's own parser does plus two rules: an empty body is no body (a bare
 * `POST admin/logout` from another client), and a body nested deeper than MAX_DEPTH is refused.
 * `__proto__` and `constructor.prototype` keys are refused (secure-json-parse, Fastify's default
 * parser), so no body can reshape the objects the server builds from it.
 */

/** How deeply `value` nests arrays and objects, counted up to `limit + 1` at most. */
function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: item, depth } = pending.pop()!;
    if (item === null || typeof item !== 'object') continue;
    const level = depth + 1;
    if (level > limit) return level;
    deepest = Math.max(deepest, level);
    for (const child of Object.values(item)) pending.push({ value: child, depth: level });
  }
  return deepest;
}

/** The body's value, or undefined for an empty body; a 400 saying what is wrong otherwise. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    const forbidden = error instanceof Error && /forbidden prototype property/i.test(error.message);
    throw new AppError('BAD_REQUEST', forbidden ? MESSAGES.http.forbiddenKey : MESSAGES.http.invalidJson);
  }
  if (depthOf(value, MAX_DEPTH) > MAX_DEPTH) {
    throw new AppError('BAD_REQUEST', MESSAGES.http.tooDeep(MAX_DEPTH));
  }
  return value;
}
