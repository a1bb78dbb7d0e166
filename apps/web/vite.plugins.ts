import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin, ViteDevServer } from 'vite';
import type { TSiteRenderer } from '@fleet/contract/site';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Writes a .gz and a .br beside every built script, style sheet and SVG of at least 1 kB, once at
 * build time; the server sends them to browsers that accept them (`@fastify/static` preCompressed).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let serverBuild = false;
  return {
    name: 'fleet:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      serverBuild = Boolean(config.build.ssr);
    },
    async writeBundle(_options, bundle) {
      if (serverBuild) return;
      const files = Object.keys(bundle).filter((name) => /\.(js|css|svg)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await fs.promises.readFile(file);
          if (content.length < 1024) return;
          const [gz, br] = await Promise.all([
            gzip(content, { level: 9 }),
            brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          ]);
          await Promise.all([
            fs.promises.writeFile(`${file}.gz`, gz),
            fs.promises.writeFile(`${file}.br`, br),
          ]);
        }),
      );
    },
  };
}

const SITE_TEMPLATE = 'public-site.html';
const SITE_ENTRY = '/src/public-site/entry-server.tsx';

/**
 * `npm run dev`: the dev server renders the public pages as the API server does in production
 * (same server entry, data from the API on `apiOrigin`), so they arrive as HTML and hydrate.
 * Every other page gets the console, as before.
 */
export function publicSiteDev({ apiOrigin }: { apiOrigin: string }): Plugin {
  return {
    name: 'fleet:public-site-dev',
    apply: 'serve',
    configureServer(server: ViteDevServer) {
      if (process.env.VITEST) return;
      server.middlewares.use((request, response, next) => {
        const url = request.originalUrl ?? request.url ?? '/';
        const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
        if (!wantsPage) return next();
        void (async () => {
          const site = (await server.ssrLoadModule(SITE_ENTRY)) as TSiteRenderer;
          const raw = await fs.promises.readFile(path.resolve(server.config.root, SITE_TEMPLATE), 'utf8');
          const page = await site.renderSitePage({
            url,
            origin: `http://${request.headers.host ?? 'localhost'}`,
            template: await server.transformIndexHtml(url, raw),
            contactEmail: process.env.SALES_EMAIL ?? 'sales@fleet-console.local',
            fetchJson: async (apiPath) => {
              const answer = await fetch(`${apiOrigin}${apiPath}`, {
                headers: { accept: 'application/json' },
              });
              const text = await answer.text();
              return { status: answer.status, body: text ? (JSON.parse(text) as unknown) : undefined };
            },
          });
          if (!page) return next();
          response.statusCode = page.status;
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.end(page.html);
        })().catch((error: unknown) => {
          if (error instanceof Error) server.ssrFixStacktrace(error);
          next(error);
        });
      });
    },
  };
}
