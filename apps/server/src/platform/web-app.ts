import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@fleet/contract';
import { errorEnvelope } from './errors.ts';
import {
  SITE_TEMPLATE,
  injectFetchJson,
  loadPublicSite,
  sendCompressed,
  type PublicSite,
} from './public-site.ts';

/** The path as the router reads it (percent-decoded); null when it cannot be decoded. */
function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return null;
  }
}

export interface WebAppOptions {
  distDir: string | undefined;
  /** The public contact mailbox the public pages name. */
  contactEmail: string;
  /** The configured origin (`PUBLIC_URL`) of canonical links and the sitemap; never the request's Host. */
  publicUrl: string;
}

/**
 * Serves the built web app. Public pages (/, /features, /blog/…) are rendered on the server by the
 * web build's server entry, so they arrive as complete HTML; any other GET that is not an API call
 * and not a file answers the console's index.html, and the console's router decides. Unknown API
 * paths answer the 404 envelope. Built assets are sent pre-compressed (.br/.gz) where accepted.
 */
export const webAppPlugin = fp<WebAppOptions>(
  async (app, { distDir, contactEmail, publicUrl }) => {
    const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
    const hasWeb = Boolean(indexFile && fs.existsSync(indexFile));
    let site: PublicSite | null = null;
    if (hasWeb && distDir) {
      site = await loadPublicSite(distDir);
      if (!site)
        app.log.warn({ distDir }, 'the web build has no public site entry; public pages get the console');
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        // The server entry and the page shell are the server's, not the browser's.
        allowedPath: (pathName) => !pathName.startsWith('/ssr/') && pathName !== `/${SITE_TEMPLATE}`,
        // Hashed assets never change; index.html must always be revalidated.
        setHeaders: (reply, filePath) => {
          reply.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    }

    const fetchJson = injectFetchJson(app);
    if (site) {
      const { renderer } = site;
      app.get(
        '/robots.txt',
        { config: { access: 'public' }, schema: { hide: true } },
        async (request, reply) =>
          reply.type('text/plain; charset=utf-8').send(renderer.renderRobots(publicUrl)),
      );
      app.get(
        '/sitemap.xml',
        { config: { access: 'public' }, schema: { hide: true } },
        async (request, reply) => {
          const xml = await renderer.renderSitemap({ origin: publicUrl, fetchJson });
          return sendCompressed(request, reply.header('cache-control', 'no-cache'), 'application/xml', xml);
        },
      );
    }

    app.setNotFoundHandler({}, async (request, reply) => {
      const pathName = decodedPath(request.url);
      const isApi = pathName === null || pathName === '/api' || pathName.startsWith('/api/');
      if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
        const ext = path.extname(pathName);
        // A missing file (an old hashed asset, say) is a real 404, not the app shell.
        if (!ext || ext === '.html') {
          const page = site
            ? await site.renderer.renderSitePage({
                url: request.url,
                origin: publicUrl,
                template: site.template,
                fetchJson,
                contactEmail,
              })
            : null;
          if (page) {
            reply.code(page.status).header('cache-control', 'no-cache');
            return sendCompressed(request, reply, 'text/html; charset=utf-8', page.html);
          }
          return reply.header('cache-control', 'no-cache').sendFile('index.html');
        }
      }
      return reply
        .code(404)
        .send(errorEnvelope(isApi ? MESSAGES.http.routeNotFound : MESSAGES.http.notFound));
    });
  },
  { name: 'web-app' },
);
