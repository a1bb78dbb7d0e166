import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@fleet/contract';
import { errorEnvelope } from './errors.ts';

/**
 * Serves the built web app with a path-based SPA fallback: any GET that is not an API call and not
 * a file answers index.html, and the web router decides. Unknown API paths answer the 404 envelope.
 */
export const webAppPlugin = fp<{ distDir: string | undefined }>(
  async (app, { distDir }) => {
    const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
    const hasWeb = Boolean(indexFile && fs.existsSync(indexFile));
    if (hasWeb && distDir) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
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
    app.setNotFoundHandler({}, (request, reply) => {
      const isApi = request.url.startsWith('/api/') || request.url === '/api';
      if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
        const ext = path.extname(request.url.split('?')[0] ?? '');
        // A missing file (an old hashed asset, say) is a real 404, not the app shell.
        if (!ext || ext === '.html') {
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
