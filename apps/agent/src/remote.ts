import {
  encodeFrame,
  FRAME_FLAGS,
  REMOTE_PROTOCOL,
  type RelayToTerminal,
  type RemoteDown,
  RemoteDownSchema,
  type RemoteInput,
  type RemoteSettings,
} from '@cpm/contracts';
import jpeg from 'jpeg-js';
import WebSocket from 'ws';
import type { Asking, Desktop } from './platform';

/** An unacknowledged frame older than this is given up (its acknowledgement was lost). */
const ACK_GIVE_UP_MS = 3000;
/** A frame goes out at least this often even when nothing changed. */
const KEEPALIVE_FRAME_MS = 1000;

/** What the person at the till reads, in the terminal's language. */
export const REMOTE_TEXTS = {
  en: {
    title: 'Remote support',
    question: (operator: string) => `${operator} asks to see and control this screen. Allow?`,
    allow: 'Allow',
    refuse: 'Refuse',
    notice: (operator: string) => `Remote session: ${operator}`,
  },
  zh: {
    title: '远程协助',
    question: (operator: string) => `${operator} 请求查看并控制此屏幕，是否允许？`,
    allow: '允许',
    refuse: '拒绝',
    notice: (operator: string) => `远程会话：${operator}`,
  },
} as const;

/** Input a secure screen still takes: keys, so the operator can leave it; pointer and text are dropped. */
export const allowedWhileSecure = (i: RemoteInput) => i.kind === 'key';

/** A black RGBA picture: what a secure screen is sent as (it is never captured). */
const black = (width: number, height: number) => {
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255;
  return rgba;
};

export type RemoteDeps = {
  desktop: () => Desktop;
  /** Whether the payment app marks its screen secure right now. */
  secure: () => boolean;
  language: keyof typeof REMOTE_TEXTS;
  log: (line: string) => void;
};

type Session = {
  id: string;
  ws: WebSocket;
  desktop: Desktop;
  active: boolean;
  settings: RemoteSettings;
  seq: number;
  inflight: Map<number, number>;
  refresh: boolean;
  last: Buffer | null;
  lastSentAt: number;
  size: { width: number; height: number } | null;
  timer: NodeJS.Timeout | null;
  asking: Asking | null;
  notice: { close(): void } | null;
  busy: boolean;
  inputs: Promise<void>;
};

/**
 * The terminal's side of a remote desktop session on its real screen, as the simulator does it on its
 * drawn one: dials the relay given on `down/remote`, asks the person at the till in a dialog (or
 * accepts when the group's policy says so), then sends the screen as JPEG frames when it changed (at
 * most `fps` a second, at least one a second), never more than `REMOTE_PROTOCOL.window`
 * unacknowledged (a frame is skipped, never queued), and plays the controller's input on the screen.
 * While the payment app marks its screen secure, frames are black with the secure flag and only keys pass.
 */
export const createRemoteDesktop = (d: RemoteDeps) => {
  let session: Session | null = null;
  const stats = { sessions: 0, frames: 0, skipped: 0, inputs: 0 };
  const texts = REMOTE_TEXTS[d.language];

  const send = (s: Session, message: unknown) => {
    if (s.ws.readyState === WebSocket.OPEN) s.ws.send(JSON.stringify(message));
  };

  const stop = (why: string) => {
    const s = session;
    if (!s) return;
    session = null;
    if (s.timer) clearInterval(s.timer);
    s.asking?.cancel();
    s.notice?.close();
    if (s.ws.readyState === WebSocket.OPEN || s.ws.readyState === WebSocket.CONNECTING) s.ws.close(1000);
    d.log(`remote session ${s.id} ended (${why})`);
  };

  /** Captures and sends one frame when the window has room and the screen changed (or a second passed). */
  const tick = async (s: Session) => {
    if (!s.active || s.busy || s.ws.readyState !== WebSocket.OPEN) return;
    const now = Date.now();
    for (const [seq, at] of s.inflight) if (now - at > ACK_GIVE_UP_MS) s.inflight.delete(seq);
    if (s.inflight.size >= REMOTE_PROTOCOL.window) {
      stats.skipped++;
      return;
    }
    s.busy = true;
    try {
      const secure = d.secure();
      const capturedAt = Date.now();
      let width: number;
      let height: number;
      let rgba: Buffer;
      if (secure) {
        // Blacked out at the source: nothing of the secure screen is read.
        ({ width, height } = s.size ?? { width: 1, height: 1 });
        if (!s.refresh && s.last === null && now - s.lastSentAt < KEEPALIVE_FRAME_MS) return;
        rgba = black(width, height);
        s.last = null;
      } else {
        const grab = await s.desktop.grab();
        if (session !== s) return;
        const same = s.last?.equals(grab.raw) ?? false;
        if (same && !s.refresh && now - s.lastSentAt < KEEPALIVE_FRAME_MS) return;
        const frame = grab.decode();
        ({ width, height } = frame);
        rgba = frame.rgba;
        s.last = grab.raw;
      }
      if (!s.size || s.size.width !== width || s.size.height !== height) {
        s.size = { width, height };
        send(s, { t: 'hello', width, height, rotation: 0 });
      }
      const encoded = jpeg.encode({ data: rgba, width, height }, s.settings.quality).data;
      const seq = ++s.seq;
      s.ws.send(
        encodeFrame({ flags: secure ? FRAME_FLAGS.secure : 0, seq, capturedAt, width, height }, encoded),
      );
      s.inflight.set(seq, now);
      s.refresh = false;
      s.lastSentAt = now;
      stats.frames++;
    } catch (err) {
      d.log(`remote frame: ${(err as Error).message}`);
    } finally {
      s.busy = false;
    }
  };

  const schedule = (s: Session) => {
    if (s.timer) clearInterval(s.timer);
    s.timer = setInterval(() => void tick(s), Math.max(33, Math.round(1000 / s.settings.fps)));
  };

  const play = (s: Session, input: RemoteInput) => {
    stats.inputs++;
    if (!s.active || !s.size) return;
    if (d.secure() && !allowedWhileSecure(input)) return;
    const size = s.size;
    // One after the other, in the order the controller sent them.
    s.inputs = s.inputs
      .then(() => s.desktop.input(input, size))
      .then(() => {
        s.refresh = true;
      })
      .catch((err: Error) => d.log(`remote input ${input.kind}: ${err.message}`));
  };

  const onRelay = (s: Session, raw: string) => {
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
        return send(s, { t: 'pong', id: m.id });
      case 'refresh':
        s.refresh = true;
        return;
      case 'settings':
        s.settings = m.settings;
        s.refresh = true;
        if (s.active) schedule(s);
        return;
      case 'input':
        return play(s, m.input);
      case 'end':
        return stop(m.reason);
    }
  };

  const begin = (s: Session, operator: string) => {
    s.active = true;
    s.refresh = true;
    s.notice = s.desktop.notice(texts.notice(operator));
    schedule(s);
    d.log(`remote session ${s.id} started for ${operator}`);
  };

  const open = async (down: Extract<RemoteDown, { type: 'open' }>) => {
    if (session) stop('replaced');
    const desktop = d.desktop();
    // The screen's size goes in the first hello; a secure screen is measured without being kept.
    const first = await desktop.grab();
    const { width, height } = first.decode();
    const ws = new WebSocket(down.url, { perMessageDeflate: false });
    const s: Session = {
      id: down.sessionId,
      ws,
      desktop,
      active: false,
      settings: down.settings,
      seq: 0,
      inflight: new Map(),
      refresh: true,
      last: null,
      lastSentAt: 0,
      size: { width, height },
      timer: null,
      asking: null,
      notice: null,
      busy: false,
      inputs: Promise.resolve(),
    };
    session = s;
    stats.sessions++;
    ws.on('message', (data, isBinary) => {
      if (!isBinary && session === s) onRelay(s, data.toString());
    });
    ws.on('close', () => {
      if (session === s) stop('relay closed');
    });
    ws.on('error', (err) => d.log(`remote relay: ${err.message}`));
    ws.on('open', () => {
      if (session !== s) return;
      send(s, { t: 'hello', width, height, rotation: 0 });
      if (down.consent === 'auto') {
        send(s, { t: 'consent', granted: true });
        return begin(s, down.operator);
      }
      s.asking = desktop.ask(
        {
          title: texts.title,
          question: texts.question(down.operator),
          allow: texts.allow,
          refuse: texts.refuse,
        },
        REMOTE_PROTOCOL.consentTimeoutSec,
      );
      d.log(`remote session ${s.id}: asking the person at the terminal for ${down.operator}`);
      void s.asking.answer.then((granted) => {
        if (session !== s) return;
        s.asking = null;
        if (granted === null) return d.log(`remote session ${s.id}: nobody answered`);
        send(s, { t: 'consent', granted });
        if (granted) begin(s, down.operator);
        else d.log(`remote session ${s.id} refused at the terminal`);
      });
    });
  };

  return {
    stats,
    /** Handles a `down/remote` message. */
    async handle(payload: Buffer) {
      let down: RemoteDown;
      try {
        down = RemoteDownSchema.parse(JSON.parse(payload.toString()));
      } catch {
        return d.log('remote: a message that is not the protocol’s was dropped');
      }
      if (down.type === 'close') {
        if (session?.id === down.sessionId) stop('closed by the server');
        return;
      }
      await open(down).catch((err: Error) => {
        d.log(`remote session ${down.sessionId} cannot start: ${err.message}`);
        stop('cannot start');
      });
    },
    stop: () => stop('agent stopped'),
    active: () => session?.active ?? false,
  };
};
