import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  decodeFrameHeader,
  REMOTE_PROTOCOL,
  type RemoteEndReason,
  type RemoteSessionState,
  type RemoteSettings,
  TerminalToRelaySchema,
} from '@cpm/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import {
  broadcastState,
  END_ERRORS,
  errorMessage,
  forgetViewerFrames,
  forwardFrame,
  type HoldViewer,
  holdViewer,
  type Live,
  median,
  onViewerMessage,
  text,
  type Viewer,
  viewerState,
} from './relay-session';
import type { TokenHolder } from './remote.repository';
import type { RecordingSummary, SessionRecorder } from './session-recorder';

/** What the relay asks of the session rules. */
export type RelayRules = {
  relayConsume(sessionId: string, token: string): Promise<TokenHolder | null>;
  relayAsking(id: string): Promise<unknown>;
  relayActive(id: string): Promise<unknown>;
  relayEnd(id: string, reason: RemoteEndReason): Promise<unknown>;
  relayTouch(ids: string[]): Promise<unknown>;
  relaySettings(id: string, settings: RemoteSettings): Promise<unknown>;
};

export type RelayOptions = {
  rules: RelayRules;
  log: FastifyBaseLogger;
  /** Holds each viewer with its console session, which closes it when it ends; answers the release. */
  holdViewer?: HoldViewer;
  /** Starts a session's recording file (at consent). */
  startRecording(sessionId: string, startedAt: number): Promise<SessionRecorder>;
  /** Takes a finished recording into storage. */
  storeRecording(sessionId: string, summary: RecordingSummary): Promise<void>;
  /** No input from the controller for this long ends a session. */
  idleMs: number;
  /** How often the relay tells the database it still serves its sessions. */
  touchEveryMs?: number;
  /** How often it measures the terminal's round trip and sends viewers their figures. */
  statsEveryMs?: number;
  /** A session nobody watches for this long ends (default one minute). */
  viewerlessMs?: number;
  now?: () => number;
};

/**
 * The remote screen relay: terminals and viewers dial in with one-time tokens; frames go from the
 * terminal to every viewer that has painted the previous ones (others skip it: the sender drops,
 * never queues), input goes from the one controller to the terminal. Sessions live in this process;
 * several instances share the work by routing each `session` to one of them (see the deployment notes).
 */
export const createRemoteRelay = (o: RelayOptions) => {
  const now = o.now ?? Date.now;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: REMOTE_PROTOCOL.maxFrameBytes,
    perMessageDeflate: false,
  });
  wss.on('error', (err) => o.log.warn({ err }, 'remote relay error'));
  const sessions = new Map<string, Live>();
  const servers = new Set<Server>();
  let ownServer: Server | null = null;
  let accepting = true;
  const storing = new Set<Promise<void>>();

  const end = async (live: Live, reason: RemoteEndReason) => {
    if (live.ended) return;
    try {
      await o.rules.relayEnd(live.id, reason);
    } catch (err) {
      o.log.error({ err, sessionId: live.id }, 'could not record the end of a remote session');
    }
    closeSession(live.id, reason);
  };

  const armIdle = (live: Live) => {
    if (live.idleTimer) clearTimeout(live.idleTimer);
    const due = live.lastInputAt + o.idleMs - now();
    live.idleTimer = setTimeout(
      () => {
        if (live.ended) return;
        if (now() - live.lastInputAt >= o.idleMs) void end(live, 'idle');
        else armIdle(live);
      },
      Math.max(0, due),
    );
  };

  const getLive = (holder: TokenHolder): Live => {
    const found = sessions.get(holder.session.id);
    if (found) {
      found.controllerId = holder.session.controllerId;
      return found;
    }
    const s = holder.session;
    const live: Live = {
      id: s.id,
      state: s.state as RemoteSessionState,
      controllerId: s.controllerId,
      consent: s.consent,
      openedAt: s.openedAt.getTime(),
      terminal: null,
      viewers: new Set(),
      settings: { quality: s.quality, fps: s.fps },
      awaiting: new Set(),
      arrivals: [],
      terminalRttMs: null,
      pings: new Map(),
      lastInputAt: now(),
      recorder: null,
      timers: [],
      idleTimer: null,
      viewerlessTimer: null,
      ended: false,
    };
    sessions.set(s.id, live);
    // A terminal that has not dialled in by then never will.
    const connectDue = live.openedAt + REMOTE_PROTOCOL.connectTimeoutSec * 1000 - now();
    live.timers.push(
      setTimeout(
        () => {
          if (!live.terminal && !live.ended && live.state === 'waiting') void end(live, 'terminalTimeout');
        },
        Math.max(0, connectDue),
      ),
    );
    armIdle(live);
    return live;
  };

  const activate = async (live: Live) => {
    await o.rules.relayActive(live.id);
    // The recording is open before the session is active: anything broadcasting the state meanwhile
    // (the asking step's answer, a viewer joining) would let frames and input through unrecorded.
    try {
      live.recorder = await o.startRecording(live.id, now());
      live.recorder.event(
        { t: 'active', width: live.width, height: live.height, settings: live.settings },
        now(),
      );
    } catch (err) {
      o.log.error({ err, sessionId: live.id }, 'remote session recording could not start');
    }
    if (live.ended) {
      finishRecording(live);
      return;
    }
    live.state = 'active';
    live.lastInputAt = now();
    armIdle(live);
    if (live.terminal) text(live.terminal, { t: 'settings', settings: live.settings });
    broadcastState(live);
  };

  const onTerminalMessage = async (live: Live, data: RawData, isBinary: boolean) => {
    const bytes = data as Buffer;
    if (isBinary) {
      // Nothing of the screen passes before the person agreed.
      if (live.state !== 'active') return;
      const header = decodeFrameHeader(bytes);
      if (!header) return;
      forwardFrame(live, bytes, header.seq, now());
      return;
    }
    if (bytes.length > REMOTE_PROTOCOL.maxTextBytes) return;
    let parsed: ReturnType<typeof TerminalToRelaySchema.safeParse>;
    try {
      parsed = TerminalToRelaySchema.safeParse(JSON.parse(bytes.toString('utf8')));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const m = parsed.data;
    if (m.t === 'hello') {
      live.width = m.width;
      live.height = m.height;
      live.recorder?.event({ t: 'screen', width: m.width, height: m.height, rotation: m.rotation }, now());
      broadcastState(live);
    } else if (m.t === 'pong') {
      const sent = live.pings.get(m.id);
      if (sent !== undefined) {
        live.pings.delete(m.id);
        live.terminalRttMs = now() - sent;
      }
    } else if (m.t === 'consent') {
      if (live.state !== 'asking' && live.state !== 'waiting') return;
      if (m.granted) await activate(live);
      else await end(live, 'refused');
    }
  };

  const serve = (ws: WebSocket, holder: TokenHolder) => {
    const live = getLive(holder);
    if (!holder.participant) {
      if (live.terminal) live.terminal.close(REMOTE_PROTOCOL.closeCodes.replaced, 'replaced');
      const terminal = ws;
      live.terminal = terminal;
      ws.on('message', (data, isBinary) => {
        if (live.terminal !== terminal || live.ended) return;
        onTerminalMessage(live, data, isBinary).catch((err: unknown) =>
          o.log.error({ err, sessionId: live.id }, 'remote relay: terminal message failed'),
        );
      });
      ws.on('close', () => {
        if (live.terminal !== terminal) return;
        live.terminal = null;
        if (!live.ended) void end(live, 'terminalLeft');
      });
      if (live.state === 'waiting')
        o.rules.relayAsking(live.id).then(
          () => {
            if (live.state !== 'waiting') return;
            live.state = 'asking';
            broadcastState(live);
          },
          (err: unknown) => o.log.error({ err, sessionId: live.id }, 'remote relay: state change failed'),
        );
      live.timers.push(
        setTimeout(() => {
          if (!live.ended && live.state !== 'active') void end(live, 'consentTimeout');
        }, REMOTE_PROTOCOL.consentTimeoutSec * 1000),
      );
      if (live.state === 'active') text(ws, { t: 'settings', settings: live.settings });
      return;
    }
    const participant = holder.participant;
    for (const v of live.viewers)
      if (v.participantId === participant.id) {
        live.viewers.delete(v);
        forgetViewerFrames(live, v);
        v.ws.close(REMOTE_PROTOCOL.closeCodes.replaced, 'replaced');
      }
    const viewer: Viewer = {
      ws,
      participantId: participant.id,
      userId: participant.userId,
      inflight: new Map(),
      dropped: 0,
      paintMs: [],
    };
    live.viewers.add(viewer);
    const release = holdViewer(o.holdViewer, holder, live.controllerId === participant.userId, ws);
    ws.once('close', release);
    if (live.viewerlessTimer) clearTimeout(live.viewerlessTimer);
    live.viewerlessTimer = null;
    ws.on('message', (data, isBinary) => {
      onViewerMessage(live, viewer, data, isBinary, { now, rules: o.rules }).catch((err: unknown) =>
        o.log.error({ err, sessionId: live.id }, 'remote relay: viewer message failed'),
      );
    });
    ws.on('close', () => {
      if (!live.viewers.delete(viewer)) return;
      forgetViewerFrames(live, viewer);
      live.recorder?.event({ t: 'left', userId: viewer.userId }, now());
      broadcastState(live);
      // Everyone left (a closed tab, say): the terminal does not stream for nobody for long.
      if (live.viewers.size === 0 && !live.ended) {
        if (live.viewerlessTimer) clearTimeout(live.viewerlessTimer);
        live.viewerlessTimer = setTimeout(() => {
          if (live.viewers.size === 0 && !live.ended) void end(live, 'idle');
        }, o.viewerlessMs ?? 60_000);
      }
    });
    live.recorder?.event({ t: 'joined', userId: viewer.userId }, now());
    broadcastState(live);
    if (live.terminal && live.state === 'active') text(live.terminal, { t: 'refresh' });
  };

  const accept = (ws: WebSocket, req: IncomingMessage) => {
    const url = new URL(req.url ?? '/', 'http://relay');
    const sessionId = url.searchParams.get('session') ?? '';
    const token = url.searchParams.get('token') ?? '';
    // Messages sent before the token is checked wait for it.
    const early: [RawData, boolean][] = [];
    const hold = (data: RawData, isBinary: boolean) => early.push([data, isBinary]);
    ws.on('message', hold);
    ws.on('error', (err) => o.log.debug({ err }, 'remote relay socket error'));
    o.rules.relayConsume(sessionId, token).then(
      (holder) => {
        ws.off('message', hold);
        if (!holder || !accepting) {
          text(ws, errorMessage(holder ? 'remoteSessionEnded' : 'remoteTokenInvalid'));
          ws.close(REMOTE_PROTOCOL.closeCodes.tokenInvalid, 'token');
          return;
        }
        serve(ws, holder);
        for (const [data, isBinary] of early) ws.emit('message', data, isBinary);
      },
      (err: unknown) => {
        o.log.error({ err }, 'remote relay: token check failed');
        ws.close(1011, 'error');
      },
    );
  };

  /** Takes an HTTP upgrade for the relay path; leaves any other path to its owner. */
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
    if (new URL(req.url ?? '/', 'http://relay').pathname !== REMOTE_PROTOCOL.path) return false;
    if (!accepting) socket.destroy();
    else wss.handleUpgrade(req, socket, head, (ws) => accept(ws, req));
    return true;
  };

  const tick = setInterval(() => {
    const t = now();
    for (const live of sessions.values()) {
      if (live.terminal) {
        const id = Math.floor(t) % 1_000_000_000;
        live.pings.set(id, t);
        if (live.pings.size > 10) live.pings.delete(live.pings.keys().next().value as number);
        text(live.terminal, { t: 'ping', id });
      }
      live.arrivals = live.arrivals.filter((a) => t - a < 1000);
      for (const v of live.viewers) {
        const paint = median(v.paintMs);
        text(v.ws, {
          t: 'stats',
          fps: live.arrivals.length,
          latencyMs:
            paint === null
              ? null
              : Math.round(paint + (live.terminalRttMs === null ? 0 : live.terminalRttMs / 2)),
          dropped: v.dropped,
        });
      }
    }
  }, o.statsEveryMs ?? 1000);
  tick.unref();
  const touch = setInterval(() => {
    if (sessions.size)
      o.rules
        .relayTouch([...sessions.keys()])
        .catch((err: unknown) => o.log.warn({ err }, 'remote relay: touch failed'));
  }, o.touchEveryMs ?? 15_000);
  touch.unref();

  /** Closes a session's sockets here (it ended here or on another instance); harmless when unknown. */
  function closeSession(id: string, reason: RemoteEndReason) {
    const live = sessions.get(id);
    if (!live || live.ended) return;
    live.ended = true;
    live.state = 'ended';
    sessions.delete(id);
    for (const t of live.timers) clearTimeout(t);
    if (live.idleTimer) clearTimeout(live.idleTimer);
    if (live.viewerlessTimer) clearTimeout(live.viewerlessTimer);
    const error = END_ERRORS[reason];
    for (const v of live.viewers) {
      if (error) text(v.ws, errorMessage(error));
      text(v.ws, viewerState(live, v, reason));
      v.ws.close(REMOTE_PROTOCOL.closeCodes.ended, reason);
    }
    if (live.terminal) {
      text(live.terminal, { t: 'end', reason });
      live.terminal.close(REMOTE_PROTOCOL.closeCodes.ended, reason);
    }
    live.recorder?.event({ t: 'ended', reason }, now());
    finishRecording(live);
  }

  /** Closes an ended session's recording and stores it (the store waits for it on close). */
  function finishRecording(live: Live) {
    const recorder = live.recorder;
    if (!recorder) return;
    live.recorder = null;
    const stored = recorder
      .finish()
      .then((summary) => o.storeRecording(live.id, summary))
      .catch((err: unknown) =>
        o.log.error({ err, sessionId: live.id }, 'remote session recording was not stored'),
      )
      .finally(() => storing.delete(stored));
    storing.add(stored);
  }

  return {
    onUpgrade,
    /** Serves the relay on an HTTP server's upgrades (the main one, when REMOTE_PORT is 0). */
    attach(server: Server) {
      if (servers.has(server)) return;
      servers.add(server);
      server.on('upgrade', onUpgrade);
    },
    /** Serves the relay on a port of its own; resolves to the port. */
    async listen(port: number, host: string): Promise<number> {
      const server = createServer((_req, res) => {
        res.writeHead(426, { 'content-type': 'text/plain' });
        res.end('WebSocket only');
      });
      // On its own port every other path is refused rather than left hanging.
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (!onUpgrade(req, socket, head)) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      ownServer = server;
      const address = server.address();
      return typeof address === 'object' && address ? address.port : port;
    },
    closeSession,
    /** Sessions this process serves now. */
    liveCount: () => sessions.size,
    /** Resolves once the recordings of sessions ended so far are stored. */
    recordingsIdle: async () => {
      while (storing.size) await Promise.all([...storing]);
    },
    /** Ends every session here as lost (the process stops) and closes the listener. */
    async close() {
      accepting = false;
      clearInterval(tick);
      clearInterval(touch);
      for (const server of servers) server.off('upgrade', onUpgrade);
      await Promise.all([...sessions.values()].map((live) => end(live, 'lost')));
      for (const ws of wss.clients) ws.terminate();
      while (storing.size) await Promise.all([...storing]);
      if (ownServer) {
        const s = ownServer;
        ownServer = null;
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
};

export type RemoteRelay = ReturnType<typeof createRemoteRelay>;
