import { allEndpoints, type EndpointDef, LIMITS } from '@cpm/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { type SeedResult, seedDatabase } from './db/seed/seed';
import { type Broker, createBroker } from './gateway/broker';
import { createAuthRepository } from './modules/auth/auth.repository';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createUserBrokerAuth } from './modules/auth/broker-auth';
import { findGrants } from './modules/menus/menus.repository';
import { createMessagesModule } from './modules/messages/messages.module';
import { registerSystemRoutes } from './modules/system/system.routes';
import { createEndpointRegistry } from './plugins/endpoints';
import { registerErrorHandling } from './plugins/errors';
import { buildOpenApi, registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';
import { type Clock, systemClock } from './shared/clock';
import { loggerOptions } from './shared/logger';
import { VERSION } from './version';

export type AppDeps = {
  config: Config;
  /** An open database; by default the one the configuration names. */
  database?: Database;
  clock?: Clock;
  /** false skips the broker (route tests that need no live events). */
  broker?: boolean;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
};

export type App = {
  app: FastifyInstance;
  database: Database;
  broker: Broker | null;
  seed: SeedResult;
  /** Every endpoint the server answers, as registered. */
  endpoints: readonly EndpointDef[];
  /** Resolves once live notices queued so far have gone out. */
  noticesIdle(): Promise<void>;
};

/** Builds the whole server: database (migrated and seeded), HTTP API, console, broker. Not yet listening. */
export const buildApp = async (deps: AppDeps): Promise<App> => {
  const { config } = deps;
  const clock = deps.clock ?? systemClock;
  const database = deps.database ?? (await openDatabase(config));
  const seed = await seedDatabase(database.db, { adminPassword: config.adminPassword });

  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    bodyLimit: LIMITS.bodyBytes,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200 },
  });
  registerErrorHandling(app);
  await registerSecurity(app);

  const auth = createAuthService({
    repo: createAuthRepository(database.db),
    clock,
    findGrants: (userId) => findGrants(database.db, userId),
    captchaEnabled: config.captcha,
    captchaTtlMs: LIMITS.captchaTtlMs,
    sessionIdleMs: config.sessionIdleMs,
    sessionMaxMs: config.sessionMaxMs,
  });

  const broker =
    deps.broker === false
      ? null
      : await createBroker({
          mqttUrl: config.mqttUrl,
          mqttPort: config.mqttPort,
          host: config.host,
          auth: createUserBrokerAuth((token) => auth.resolve(token)),
          logger: app.log,
        });
  broker?.attachWebSocket(app.server);

  const api = createEndpointRegistry(app, (token) => auth.resolve(token));
  registerSystemRoutes(api, { database, broker });
  registerAuthRoutes(api, { auth, db: database.db });
  const messages = createMessagesModule({ api, db: database.db, clock, broker, log: app.log });

  const missing = allEndpoints().filter((def) => !api.registered().includes(def));
  if (missing.length)
    throw new Error(`Endpoints without a handler: ${missing.map((d) => d.path).join(', ')}`);

  await registerOpenApi(app, () => buildOpenApi(api.registered(), VERSION));
  await registerWeb(app, config.webDist);

  app.addHook('onClose', async () => {
    await messages.noticesIdle();
    await broker?.close();
    if (!deps.database) await database.close();
  });
  return { app, database, broker, seed, endpoints: api.registered(), noticesIdle: messages.noticesIdle };
};
