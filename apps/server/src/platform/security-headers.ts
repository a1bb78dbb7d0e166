import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/*
 * The browser-side protections of every answer (helmet's defaults, docs/decisions/0025):
 *
 * - a content security policy that lets pages load scripts, styles and fonts from the product only, and
 *   fetch data and images from the product and the configured map hosts only (the style's origin,
 *   MAP_ASSET_HOSTS for its tiles, glyphs and sprites elsewhere) plus IMAGE_HOSTS for images. The
 *   geocoder, the router and the file storage are reached by the server, never by the browser, so
 *   they are not named: a page that ran injected code still could not send data to another host;
 * - Strict-Transport-Security on answers over HTTPS (also behind a trusted proxy saying so): a
 *   browser that once reached the product over HTTPS keeps to it for a year. Never over plain HTTP,
 *   where it means nothing and would lock a local installation out of its own address.
 */

/** One year, with the product's subdomains (those of its own host name, not its parent's). */
export const HSTS = 'max-age=31536000; includeSubDomains';

export interface TSecurityHeadersOptions {
  /** The MapLibre style the maps load (MAP_STYLE_URL). */
  mapStyleUrl?: string | undefined;
  /** Further origins of the map's tiles, glyphs and sprites (MAP_ASSET_HOSTS). */
  mapAssetHosts: string[];
  /** Further origins pages may show images from (IMAGE_HOSTS). */
  imageHosts: string[];
}

/** The origins the console and the driver app may fetch from and show images of, besides their own. */
export function policyHosts({ mapStyleUrl, mapAssetHosts, imageHosts }: TSecurityHeadersOptions) {
  const map = [...new Set([...(mapStyleUrl ? [new URL(mapStyleUrl).origin] : []), ...mapAssetHosts])];
  return { connect: map, img: [...new Set([...map, ...imageHosts])] };
}

export const securityHeadersPlugin = fp<TSecurityHeadersOptions>(
  async (app, options) => {
    const hosts = policyHosts(options);
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          // The apps' fonts are their own (helmet's default would take any https host).
          'font-src': ["'self'", 'data:'],
          'img-src': ["'self'", 'data:', 'blob:', ...hosts.img],
          'connect-src': ["'self'", ...hosts.connect],
          'worker-src': ["'self'", 'blob:'],
          'upgrade-insecure-requests': null,
        },
      },
      hsts: false,
    });
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });
  },
  { name: 'security-headers' },
);
