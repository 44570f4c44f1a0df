import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorEnvelope } from './envelope';
import { wantsConsolePage } from './errors';

/**
 * Serves the built console from `webDist` and answers unknown page paths with its index.html
 * (history fallback), while unknown API paths keep getting a JSON 404 envelope. The build writes
 * brotli (`.br`) and gzip (`.gz`) copies beside its files; a browser that accepts one gets it.
 */
export const registerWeb = async (app: FastifyInstance, webDist: string) => {
  const indexFile = path.join(webDist, 'index.html');
  const hasConsole = existsSync(indexFile);
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
    });
  }
  const indexHtml = hasConsole ? readFileSync(indexFile, 'utf8') : null;

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url?.split('?')[0] ?? '/';
    if (wantsConsolePage(request.method, url, request.headers.accept)) {
      if (indexHtml)
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The console is not built. Run `npm run build` (or `npm start`, which builds it first).');
    }
    const { status, body } = errorEnvelope('routeNotFound');
    return reply.status(status).send(body);
  });

  if (hasConsole) {
    // Hashed asset files never change; index.html must always be revalidated. Caches keep the
    // brotli, gzip and plain answers apart.
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/assets/')) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        reply.header('vary', 'accept-encoding');
      }
      return payload;
    });
  }
};
