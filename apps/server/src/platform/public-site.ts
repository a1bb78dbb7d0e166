import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSiteFetchJson, TSiteRenderer } from '@fleet/contract/site';

/** Where the web build puts the public site's server entry and its page shell. */
export const SITE_ENTRY = path.join('ssr', 'entry-server.js');
export const SITE_TEMPLATE = 'public-site.html';

export interface PublicSite {
  renderer: TSiteRenderer;
  template: string;
}

const isRenderer = (module: unknown): module is TSiteRenderer =>
  typeof module === 'object' &&
  module !== null &&
  ['renderSitePage', 'renderSitemap', 'renderRobots'].every(
    (name) => typeof (module as Record<string, unknown>)[name] === 'function',
  );

/**
 * Loads the public site's server entry from the web build. Without one (an older build, or a
 * folder holding only the console), public paths get the console shell like any other path.
 */
export async function loadPublicSite(distDir: string): Promise<PublicSite | null> {
  const entry = path.join(distDir, SITE_ENTRY);
  const template = path.join(distDir, SITE_TEMPLATE);
  if (!fs.existsSync(entry) || !fs.existsSync(template)) return null;
  const module: unknown = await import(pathToFileURL(entry).href);
  if (!isRenderer(module)) throw new Error(`${entry} is not the public site's server entry`);
  return { renderer: module, template: await fs.promises.readFile(template, 'utf8') };
}

/** The public pages read their data through the public API, answered in-process. */
export const injectFetchJson =
  (app: FastifyInstance): TSiteFetchJson =>
  async (apiPath) => {
    const answer = await app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json' } });
    let body: unknown;
    try {
      body = answer.body ? (JSON.parse(answer.body) as unknown) : undefined;
    } catch {
      body = undefined;
    }
    return { status: answer.statusCode, body };
  };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Sends rendered text compressed when the browser accepts it (the static files are compressed at build). */
export async function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  text: string,
): Promise<FastifyReply> {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('vary', 'accept-encoding').type(type);
  if (text.length < 1024) return reply.send(text);
  if (/\bbr\b/.test(accepted)) {
    const body = await brotli(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(body);
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(await gzip(text));
  return reply.send(text);
}
