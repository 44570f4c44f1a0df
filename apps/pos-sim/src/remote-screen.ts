import {
  encodeFrame,
  FRAME_FLAGS,
  REMOTE_PROTOCOL,
  type RelayToTerminal,
  type RemoteDown,
  RemoteDownSchema,
  type RemoteSettings,
} from '@cpm/contracts';
import jpeg from 'jpeg-js';
import WebSocket from 'ws';
import { createPosScreen, loadPosFonts, type PosScreen } from './pos-screen';

/** What the simulated person at the terminal does when asked for a remote session. */
export type RemoteAnswer = 'accept' | 'refuse' | 'ignore';

export type RemoteScreenOptions = {
  sn: string;
  storeName?: string;
  /** The person's answer to a consent request (default accept). */
  answer?: RemoteAnswer;
  /** How long the person takes to answer, ms (default 1500). */
  answerDelayMs?: number;
  /** Told of what happens, for the simulator's log. */
  onEvent?: (event: string) => void;
};

/** An unacknowledged frame older than this is given up (its acknowledgement was lost). */
const ACK_GIVE_UP_MS = 3000;
/** A frame goes out at least this often even when nothing changed (the clock ticks). */
const KEEPALIVE_FRAME_MS = 1000;

/**
 * The terminal's side of a remote screen session: dials the relay given on `down/remote`, asks the
 * person (or accepts, as the group's policy says), then streams its screen as JPEG frames, never
 * more than `REMOTE_PROTOCOL.window` unacknowledged (it skips frames rather than queueing them), and
 * applies the controller's input. A secure screen (PIN entry) is sent black: it is never captured.
 */
export const createRemoteScreen = (o: RemoteScreenOptions) => {
  const screen: PosScreen = createPosScreen({
    storeName: o.storeName ?? 'Main Street Cafe',
    till: o.sn.slice(-3),
  });
  let session: {
    id: string;
    ws: WebSocket;
    active: boolean;
    settings: RemoteSettings;
    seq: number;
    inflight: Map<number, number>;
    dirty: boolean;
    lastSentAt: number;
    timer: NodeJS.Timeout | null;
    answerTimer: NodeJS.Timeout | null;
    encoding: boolean;
  } | null = null;
  const stats = { sessions: 0, frames: 0, skipped: 0, inputs: 0 };
  const tell = (e: string) => o.onEvent?.(e);

  const send = (message: unknown) => {
    if (session?.ws.readyState === WebSocket.OPEN) session.ws.send(JSON.stringify(message));
  };

  const sendHello = () => {
    const { width, height } = screen.size();
    send({ t: 'hello', width, height, rotation: width > height ? 0 : 90 });
  };

  const captureFrame = () => {
    const s = session;
    if (!s?.active || s.encoding || s.ws.readyState !== WebSocket.OPEN) return;
    const now = Date.now();
    for (const [seq, at] of s.inflight) if (now - at > ACK_GIVE_UP_MS) s.inflight.delete(seq);
    if (!s.dirty && now - s.lastSentAt < KEEPALIVE_FRAME_MS) return;
    if (s.inflight.size >= REMOTE_PROTOCOL.window) {
      stats.skipped++;
      return;
    }
    s.encoding = true;
    try {
      const secure = screen.isSecure();
      const { width, height } = screen.size();
      let rgba: Uint8Array;
      if (secure) {
        // Blacked out at the source: the secure screen is not even drawn.
        rgba = new Uint8Array(width * height * 4);
        for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
      } else rgba = screen.render().data;
      const encoded = jpeg.encode({ data: rgba, width, height }, s.settings.quality);
      const seq = ++s.seq;
      s.ws.send(
        encodeFrame(
          { flags: secure ? FRAME_FLAGS.secure : 0, seq, capturedAt: Date.now(), width, height },
          encoded.data,
        ),
      );
      s.inflight.set(seq, now);
      s.dirty = false;
      s.lastSentAt = now;
      stats.frames++;
    } finally {
      s.encoding = false;
    }
  };

  const schedule = () => {
    const s = session;
    if (!s) return;
    if (s.timer) clearInterval(s.timer);
    s.timer = setInterval(captureFrame, Math.max(33, Math.round(1000 / s.settings.fps)));
  };

  const stop = (why: string) => {
    const s = session;
    if (!s) return;
    session = null;
    if (s.timer) clearInterval(s.timer);
    if (s.answerTimer) clearTimeout(s.answerTimer);
    screen.setRemote(null);
    if (s.ws.readyState === WebSocket.OPEN || s.ws.readyState === WebSocket.CONNECTING) s.ws.close(1000);
    tell(`remote session ${s.id} ended (${why})`);
  };

  const onRelay = (raw: string) => {
    const s = session;
    if (!s) return;
    let m: RelayToTerminal;
    try {
      m = JSON.parse(raw) as RelayToTerminal;
    } catch {
      return;
    }
    switch (m.t) {
      case 'ack':
        s.inflight.delete(m.seq);
        return;
      case 'ping':
        return send({ t: 'pong', id: m.id });
      case 'refresh':
        s.dirty = true;
        return;
      case 'settings':
        s.settings = m.settings;
        s.dirty = true;
        if (s.active) schedule();
        return;
      case 'input': {
        stats.inputs++;
        const before = screen.size();
        if (screen.input(m.input)) s.dirty = true;
        const after = screen.size();
        if (before.width !== after.width) sendHello();
        return;
      }
      case 'end':
        return stop(m.reason);
    }
  };

  const open = async (down: Extract<RemoteDown, { type: 'open' }>, operator: string) => {
    if (session) stop('replaced');
    await loadPosFonts();
    const ws = new WebSocket(down.url);
    session = {
      id: down.sessionId,
      ws,
      active: false,
      settings: down.settings,
      seq: 0,
      inflight: new Map(),
      dirty: true,
      lastSentAt: 0,
      timer: null,
      answerTimer: null,
      encoding: false,
    };
    stats.sessions++;
    const current = session;
    ws.on('message', (data, isBinary) => {
      if (!isBinary && session === current) onRelay(data.toString());
    });
    ws.on('close', () => {
      if (session === current) stop('relay closed');
    });
    ws.on('error', (err) => tell(`remote relay error: ${err.message}`));
    ws.on('open', () => {
      if (session !== current) return;
      sendHello();
      const answer = down.consent === 'auto' ? 'accept' : (o.answer ?? 'accept');
      const decide = () => {
        if (session !== current) return;
        if (answer === 'ignore') return tell(`remote session ${down.sessionId}: nobody answers`);
        send({ t: 'consent', granted: answer === 'accept' });
        if (answer === 'refuse') return tell(`remote session ${down.sessionId} refused`);
        current.active = true;
        screen.setRemote(operator);
        current.dirty = true;
        schedule();
        tell(`remote session ${down.sessionId} started for ${operator}`);
      };
      if (down.consent === 'auto') decide();
      else current.answerTimer = setTimeout(decide, o.answerDelayMs ?? 1500);
    });
  };

  return {
    screen,
    stats,
    /** Handles a `down/remote` message. */
    async handle(payload: Buffer | string) {
      let down: RemoteDown;
      try {
        down = RemoteDownSchema.parse(JSON.parse(payload.toString()));
      } catch {
        return;
      }
      if (down.type === 'close') {
        if (session?.id === down.sessionId) stop('closed by the server');
        return;
      }
      await open(down, down.operator);
    },
    stop: () => stop('terminal stopped'),
    active: () => session?.active ?? false,
    /** The payment app's lock (see `PosScreen.setPaymentLock`). */
    setPaymentLock: (fence: string | null) => screen.setPaymentLock(fence),
    paymentLocked: () => screen.paymentLocked(),
    /**
     * The screen as a JPEG, as a screenshot command takes it. A secure screen (PIN entry) comes out
     * black, as it does for a remote session: it is never captured.
     */
    async screenshot(quality = 85) {
      await loadPosFonts();
      const secure = screen.isSecure();
      const { width, height } = screen.size();
      let rgba: Uint8Array;
      if (secure) {
        rgba = new Uint8Array(width * height * 4);
        for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
      } else rgba = screen.render().data;
      const encoded = jpeg.encode({ data: rgba, width, height }, quality);
      return { bytes: Buffer.from(encoded.data), width, height, secure };
    },
  };
};

export type RemoteScreen = ReturnType<typeof createRemoteScreen>;
