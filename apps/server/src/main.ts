import { buildApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { isBindError, PortError, portError } from './shared/side-port';
import { FINAL_STEP_MS, SHUTDOWN_STEPS_BUDGET_MS } from './shutdown';

const SHUTDOWN_GRACE_MS = 10_000;

const start = async () => {
  loadDotEnv();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const startedAt = performance.now();
  const { app, seed, broker, database } = await buildApp({
    config,
    shutdown: { budgetMs: SHUTDOWN_STEPS_BUDGET_MS, finalMs: FINAL_STEP_MS },
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A side port's refusal already says which; the main port's is said the same way.
    if (!isBindError(error)) throw error;
    throw portError({
      variable: 'PORT',
      serves: 'the console and the API',
      host: config.host,
      port: config.port,
      error,
      hint: 'Stop the other server or choose another PORT.',
    });
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    {
      port,
      database: database.kind,
      broker: config.mqttUrl ? 'external' : 'embedded',
      mqttTcpPort: broker?.tcpPort(),
    },
    `Cloud POS Management System ready in ${Math.round(performance.now() - startedAt)} ms`,
  );
  if (seed.generatedAdminPassword) {
    // Printed once, on the console only, never to the log stream.
    process.stdout.write(
      `\n  First start: created user "admin" with password ${seed.generatedAdminPassword}\n  Change it after signing in (user menu > Change password); it is not shown again.\n  Then give "admin" an email in User Management, so a forgotten password can be reset by mail.\n\n`,
    );
  }
  process.stdout.write(`  Console: http://localhost:${port}/   API docs: http://localhost:${port}/docs\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
};

start().catch((error) => {
  if (error instanceof PortError) {
    process.stderr.write(`Failed to start: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
