import type { TSiteFetchJson } from '@fleet/contract/site';
import { isObject, readJson } from './json';

/*
 * The public site's calls. It has its own small client (no zod, no console code): the site's
 * bundle stays small, and its few calls need only status, JSON and a timeout.
 */

async function send(path: string, init: RequestInit, timeoutMs: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...init.headers },
      signal: controller.signal,
    });
    return { status: response.status, body: await readJson(response) };
  } finally {
    clearTimeout(timer);
  }
}

/** GET against the API from the browser, as the server's renderer does it; throws with no answer. */
export const browserFetchJson: TSiteFetchJson = (path) => send(path, { method: 'GET' }, 60_000);

/** The server's responseMessage of an answer, if it has one. */
export const responseMessageOf = (body: unknown): string =>
  isObject(body) && typeof body.responseMessage === 'string' ? body.responseMessage : '';

export type PostResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * POSTs JSON and reports success (2xx, and responseCode 1 where the answer has one) with the
 * server's message, or failure with the server's message or `fallback`.
 */
export async function postJson(
  path: string,
  body: unknown,
  { timeoutMs, fallback }: { timeoutMs: number; fallback: string },
): Promise<PostResult> {
  try {
    const answer = await send(
      path,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      timeoutMs,
    );
    const message = responseMessageOf(answer.body);
    const envelopeFailed =
      isObject(answer.body) && 'responseCode' in answer.body && answer.body.responseCode !== 1;
    if (answer.status >= 200 && answer.status < 300 && !envelopeFailed) return { ok: true, message };
    return { ok: false, message: message || fallback };
  } catch {
    return { ok: false, message: fallback };
  }
}
