import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../shared/app-error';

/** `..` segments, encoded slashes or backslashes and NUL bytes never reach a route. */
const PATH_TRICK = /(^|\/)\.\.?(\/|$)|%2e%2e|%2f|%5c|\\|%00|\0/i;

/** Security headers on every response and refusal of path tricks before routing. */
export const registerSecurity = async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd injects its component styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
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
