import { LIMITS } from '@cpm/contracts';
import Fastify from 'fastify';
import type { Config } from '../config';
import { loggerOptions } from '../shared/logger';
import { capConnectionsPerAddress, timeoutOptions } from './connection-limits';
import { registerErrorHandling } from './errors';
import { registerSecurity } from './security';

/** The HTTP server every module registers on: limits, timeouts, error mapping and security headers. */
export const createHttpServer = async (
  config: Pick<Config, 'logLevel' | 'http' | 'map' | 'trustProxy'>,
  logStream?: Parameters<typeof loggerOptions>[1],
) => {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    bodyLimit: LIMITS.bodyBytes,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
    // The client's address behind the proxies named in TRUST_PROXY; otherwise the connection's own.
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    ...timeoutOptions(config.http),
  });
  capConnectionsPerAddress(app, config.http.perAddress);
  registerErrorHandling(app);
  await registerSecurity(app, { tileUrl: config.map.tileUrl });
  return app;
};
