import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@fleet/contract';
import { errorEnvelope } from './errors.ts';

export interface DriverAppWebOptions {
  /** The driver app's build (apps/driver/dist); nothing is served at /driver when it is missing. */
  distDir: string | undefined;
}

export const DRIVER_APP_PATH = '/driver';

/**
 * Serves the driver app (apps/driver) at /driver: its files under /driver/…, pre-compressed where
 * the browser accepts it, and its page for /driver/ and any other path under it without a file
 * extension (the app's own router decides: /driver/trips/12). A missing file under /driver is a
 * real 404, never the console's page. Registered before the console's web app, whose catch-all
 * answers only what no route took.
 */
export const driverAppWebPlugin = fp<DriverAppWebOptions>(
  async (app, { distDir }) => {
    const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
    if (!distDir || !indexFile || !fs.existsSync(indexFile)) {
      app.log.info({ distDir }, 'no driver app build: nothing is served at /driver');
      return;
    }
    const page = fs.readFileSync(indexFile);
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: `${DRIVER_APP_PATH}/`,
      wildcard: false,
      index: false,
      // The console's web app decorates the reply; this instance only serves its files.
      decorateReply: false,
      preCompressed: true,
      // Hashed assets never change; the page, the manifest and the service worker are revalidated.
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });

    const sendPage = (reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    const route = { config: { access: 'public' as const }, schema: { hide: true } };

    app.get(DRIVER_APP_PATH, route, async (request, reply) => reply.redirect(`${DRIVER_APP_PATH}/`, 301));
    app.get(`${DRIVER_APP_PATH}/`, route, async (request, reply) => sendPage(reply));
    app.get(`${DRIVER_APP_PATH}/*`, route, async (request, reply) => {
      const ext = path.extname(request.url.split('?')[0] ?? '');
      if (!ext || ext === '.html') return sendPage(reply);
      return reply.code(404).send(errorEnvelope(MESSAGES.http.notFound));
    });
  },
  { name: 'driver-app-web' },
);
