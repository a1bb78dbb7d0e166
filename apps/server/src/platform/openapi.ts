import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3 generated from the routes' zod schemas: `/api/openapi.json`, interactive at `/api/docs`. */
export const openApiPlugin = fp<{ version: string }>(
  async (app, { version }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Fleet Console API',
          description:
            'The API behind the fleet operations console. Most calls answer `{responseCode, responseMessage, data}` ' +
            '(responseCode 1 = success). Sign in with `POST /api/admin/login`; the session travels in an httpOnly cookie.',
          version,
        },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'fleet_session' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    // The interactive documentation is public, like the document it renders.
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', logLevel: 'warn' });
    app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
  },
  { name: 'openapi' },
);
