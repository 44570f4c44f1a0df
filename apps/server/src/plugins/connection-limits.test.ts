import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { capConnectionsPerAddress, isLoopback } from './connection-limits';

/** Opens a connection; `closed` answers everything the server sent once it closed. */
const open = (port: number) =>
  new Promise<{ socket: Socket; closed: Promise<string> }>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    socket.on('data', (d) => {
      got += d.toString();
    });
    const closed = new Promise<string>((done) => socket.on('close', () => done(got)));
    socket.on('error', () => {});
    socket.on('connect', () => resolve({ socket, closed }));
  });

describe('slow and crowding clients', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { HTTP_REQUEST_TIMEOUT_SEC: '600' } });
  });
  afterAll(() => t.close());

  it('gives headers 15 s and a whole request the configured time', () => {
    expect(t.app.server.headersTimeout).toBe(15_000);
    expect(t.app.server.requestTimeout).toBe(600_000);
  });

  it('leaves this host’s own clients uncapped', () => {
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['10.0.0.7', '::ffff:192.168.1.2', '2001:db8::1'].some(isLoopback)).toBe(false);
  });

  it('answers 429 and closes a connection past the per-address cap, and takes one again once another closes', async () => {
    const app = Fastify();
    app.get('/healthz', async () => 'ok');
    // Every address counts here, loopback included, so the test can connect from this host.
    capConnectionsPerAddress(app, 3, () => false);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    try {
      const held = await Promise.all([open(port), open(port), open(port)]);
      const extra = await open(port);
      expect(await extra.closed).toMatch(/^HTTP\/1\.1 429 /);
      held[0].socket.destroy();
      await held[0].closed;
      const connections = () =>
        new Promise<number>((done) => app.server.getConnections((_err, n) => done(n)));
      await vi.waitFor(async () => expect(await connections()).toBe(2));
      const again = await open(port);
      again.socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(await again.closed).toMatch(/^HTTP\/1\.1 200 /);
      for (const h of held) h.socket.destroy();
    } finally {
      await app.close();
    }
  });
});
