import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { createServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { handleGuarded } from './broker-local';
import { CLOSE_STEP_TIMEOUT_MS, settle } from './broker-timeouts';

/** Path of the MQTT-over-WebSocket endpoint on the server's HTTP port. */
export const MQTT_WS_PATH = '/mqtt';

/**
 * ws holds a whole WebSocket message before the packet guard sees it. One message carries a packet or a
 * few written together, never anything near this; more is a misbehaving client.
 */
const WS_MAX_PAYLOAD = 1024 * 1024;
/**
 * Connections the kernel holds for the broker before it accepts them. A fleet reconnecting at once
 * arrives faster than one busy event loop accepts; with Node's default (511) the kernel drops the
 * handshakes beyond it and each terminal waits out a retransmission, or its CONNACK timeout, before
 * trying again. The kernel caps this at `net.core.somaxconn`.
 */
const TCP_ACCEPT_BACKLOG = 8192;

/** The `/mqtt` endpoint on the server's HTTP port: WebSocket upgrades on that path go to Aedes. */
export const createWebSocketEndpoint = (aedes: Aedes, log: FastifyBaseLogger) => {
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD });
  wss.on('error', (err) => log.warn({ err }, 'MQTT WebSocket server error'));
  const servers = new Set<HttpServer>();
  let accepting = true;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Other paths belong to other features (remote screen relay): not ours to answer or to close.
    if (!accepting || pathOf(req.url) !== MQTT_WS_PATH) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const stream = createWebSocketStream(ws);
      stream.on('error', (err) => log.debug({ err }, 'MQTT WebSocket stream error'));
      try {
        handleGuarded(aedes, stream, log, req.socket.remoteAddress, req);
      } catch (err) {
        log.warn({ err }, 'could not serve an MQTT WebSocket client');
        ws.terminate();
      }
    });
  };

  return {
    attach(server: HttpServer) {
      if (servers.has(server)) return;
      servers.add(server);
      server.on('upgrade', onUpgrade);
    },
    stopAccepting() {
      accepting = false;
      for (const server of servers) server.off('upgrade', onUpgrade);
      servers.clear();
    },
    end() {
      this.stopAccepting();
      for (const ws of wss.clients) ws.terminate();
    },
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      await settle(
        new Promise<void>((resolve) => wss.close(() => resolve())),
        CLOSE_STEP_TIMEOUT_MS,
        'MQTT WebSocket server close',
        log,
      );
    },
  };
};

const pathOf = (url: string | undefined): string | undefined => {
  try {
    return new URL(url ?? '/', 'http://localhost').pathname;
  } catch {
    return undefined;
  }
};

/** The embedded broker's TCP listener for terminals. */
export const listenTcp = async (aedes: Aedes, port: number, host: string, log: FastifyBaseLogger) => {
  // Sockets that never send CONNECT are unknown to Aedes until then; tracked here so close() can end them.
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', (err) => log.debug({ err }, 'MQTT TCP socket error'));
    try {
      handleGuarded(aedes, socket, log, socket.remoteAddress);
    } catch (err) {
      log.warn({ err }, 'could not serve an MQTT TCP client');
      socket.destroy();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, backlog: TCP_ACCEPT_BACKLOG }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log.error({ err }, 'MQTT TCP listener error'));
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  let closing: Promise<void> | undefined;
  const stopAccepting = () => {
    closing ??= new Promise<void>((resolve) => server.close(() => resolve()));
    return closing;
  };
  return {
    port: boundPort,
    stopAccepting,
    close: () => {
      const closed = stopAccepting();
      for (const socket of sockets) socket.destroy();
      return closed;
    },
  };
};
