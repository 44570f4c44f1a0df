import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../shared/app-error';

/** `..` segments, encoded slashes or backslashes and NUL bytes never reach a route. */
const PATH_TRICK = /(^|\/)\.\.?(\/|$)|%2e%2e|%2f|%5c|\\|%00|\0/i;

/**
 * The image source a configured tile server needs: its scheme and host, with `{s}` as a wildcard
 * subdomain. Plain-http tile servers are not covered by `https:` and must be named.
 */
export const tileImageSource = (tileUrl: string | null): string[] => {
  const match = tileUrl?.match(/^(https?):\/\/([^/]+)/i);
  if (!match) return [];
  const scheme = match[1].toLowerCase();
  const [first, ...rest] = match[2].split('.');
  // CSP allows a wildcard only as a whole leftmost label: `webrd0{s}.is.autonavi.com` -> `*.is.autonavi.com`.
  if (rest.some((label) => label.includes('{'))) return [`${scheme}:`];
  return [`${scheme}://${first.includes('{') ? '*' : first}${rest.length ? `.${rest.join('.')}` : ''}`];
};

/** Security headers on every response and refusal of path tricks before routing. */
export const registerSecurity = async (app: FastifyInstance, opts: { tileUrl: string | null }) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd injects its component styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...tileImageSource(opts.tileUrl)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request) => {
    const rawPath = request.raw.url?.split('?')[0] ?? '';
    if (PATH_TRICK.test(rawPath)) throw new AppError('badPath');
  });
};
