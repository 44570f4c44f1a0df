import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase, testConfig } from '../test-support/test-app';
import { PortError } from './side-port';

/** Builds the app with these settings and tells how getting ready ended. */
const readyWith = async (env: Record<string, string>, broker = false) => {
  const database = await openTestDatabase({ from: 'seeded' });
  const { app } = await buildApp({ config: testConfig({ HOST: '127.0.0.1', ...env }), database, broker });
  try {
    await app.ready();
    return null;
  } catch (error) {
    return error;
  } finally {
    await app.close().catch(() => undefined);
    await database.close();
  }
};

describe('a port of its own that cannot be bound', () => {
  let taken: Server;
  let port: number;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = (taken.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('stops the start with a message naming REMOTE_PORT and the way out', async () => {
    const error = await readyWith({ REMOTE_PORT: String(port) });
    expect(error).toBeInstanceOf(PortError);
    expect((error as Error).message).toBe(
      `REMOTE_PORT=${port}: cannot listen on 127.0.0.1:${port} for the remote desktop relay: another process already listens there (EADDRINUSE). Choose a free port, or leave REMOTE_PORT unset to serve the relay under the main port.`,
    );
  });

  it('stops the start when LIVE_MQTT_PORT is taken', async () => {
    const error = await readyWith({ LIVE_MQTT_PORT: String(port) }, true);
    expect(error).toBeInstanceOf(PortError);
    expect((error as Error).message).toMatch(/^LIVE_MQTT_PORT=\d+: .*EADDRINUSE/);
  });

  it('is not needed by default: the relay is served under the main port', async () => {
    expect(testConfig({ REMOTE_PORT: '' }).remote.port).toBe(0);
    expect(await readyWith({ REMOTE_PORT: '' })).toBeNull();
  });
});
