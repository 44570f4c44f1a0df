import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { serveSidePort } from '../../shared/side-port';

/** Path of the live-messaging WebSocket (MQTT over WebSocket), on every port that serves it. */
const LIVE_PATH = '/mqtt';

const pathOf = (url: string | undefined) => (url ?? '').split('?')[0];

/**
 * Serves live messaging on a port of its own (`LIVE_MQTT_PORT`, 8084 in the specification's
 * deployment) besides the main port: an HTTP server whose only answer is the `/mqtt` WebSocket,
 * handed to the broker by `attach`. Plain requests get 426 and other upgrade paths 404.
 */
export const listenLiveMqttPort = async (opts: {
  port: number;
  host: string;
  /** Hands the server's upgrades to the broker's `/mqtt` endpoint. */
  attach: (server: Server) => void;
}) => {
  const server = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' });
    res.end('WebSocket only: connect to /mqtt');
  });
  const refuse = (req: IncomingMessage, socket: Duplex) => {
    // The broker answers `/mqtt` while it accepts; anything else, or `/mqtt` after it stopped, ends here.
    if (pathOf(req.url) === LIVE_PATH && server.listenerCount('upgrade') > 1) return;
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
  };
  server.on('upgrade', refuse);
  opts.attach(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const address = server.address();
  return {
    /** The port it listens on (the one asked for, or the one given for 0). */
    port: typeof address === 'object' && address ? address.port : opts.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** Opens the live-messaging port before the main port listens, and closes it before the server stops. */
export const serveLiveMqttPort = (
  app: FastifyInstance,
  opts: { port: number; host: string; attach: (server: Server) => void },
) =>
  serveSidePort(app, {
    variable: 'LIVE_MQTT_PORT',
    serves: 'live messaging (/mqtt)',
    host: opts.host,
    port: opts.port,
    hint: 'Choose a free port, or leave LIVE_MQTT_PORT unset: the main port serves /mqtt as well.',
    open: () => listenLiveMqttPort(opts),
  });
