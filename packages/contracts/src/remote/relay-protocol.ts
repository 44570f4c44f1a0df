import { z } from 'zod';

/**
 * The remote screen relay (`/remote/relay`): a terminal and console viewers each dial it with a
 * one-time token. Frames go one way as binary messages (a fixed header and a JPEG), everything else
 * is JSON text with a `t` field. `docs/device-protocol.md` ("Remote screen") explains it.
 */
export const REMOTE_PROTOCOL = {
  version: 1,
  /** Path of the relay, under the main port or on its own (REMOTE_PORT). */
  path: '/remote/relay',
  /** Frames a sender may have in flight before it waits for an acknowledgement (it drops, never queues). */
  window: 2,
  /** A relay token is good for this long after it is issued, and only once. */
  tokenTtlSec: 60,
  /** The terminal must dial the relay within this long of the open, or the session ends. */
  connectTimeoutSec: 30,
  /** The person at the terminal has this long to answer a consent request. */
  consentTimeoutSec: 60,
  /** Largest binary frame a terminal may send, bytes (header included). */
  maxFrameBytes: 1024 * 1024,
  /** Largest JSON message on the relay, bytes. */
  maxTextBytes: 4096,
  /** Close codes the relay uses. */
  closeCodes: {
    ended: 4000,
    tokenInvalid: 4401,
    /** The viewer's console session ended (logout, kick-out, disable, expiry) or lost the permission. */
    signedOut: 4403,
    replaced: 4409,
    protocol: 4400,
  },
} as const;

/** Capture quality and frame rate a controller may set. */
export const REMOTE_SETTINGS_LIMITS = {
  quality: { min: 10, max: 90, default: 60 },
  fps: { min: 1, max: 30, default: 10 },
} as const;

/** What the person at a terminal is asked, per group: ask, accept without asking, or refuse. */
export const REMOTE_CONSENT_POLICIES = ['ask', 'auto', 'deny'] as const;
export type RemoteConsentPolicy = (typeof REMOTE_CONSENT_POLICIES)[number];

/** Hardware keys a controller can press. */
export const REMOTE_KEYS = ['back', 'home', 'recents'] as const;
export type RemoteKey = (typeof REMOTE_KEYS)[number];

const unit = z.number().min(0).max(1);
const duration = z.number().int().min(0).max(10_000);

/** One input event; coordinates are fractions of the screen (0..1) so they hold at any resolution. */
export const RemoteInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('tap'), x: unit, y: unit }),
  z.strictObject({ kind: z.literal('longPress'), x: unit, y: unit, ms: duration.default(800) }),
  z.strictObject({
    kind: z.literal('swipe'),
    x1: unit,
    y1: unit,
    x2: unit,
    y2: unit,
    ms: duration.default(300),
  }),
  z.strictObject({ kind: z.literal('key'), key: z.enum(REMOTE_KEYS) }),
  z.strictObject({ kind: z.literal('text'), text: z.string().min(1).max(500) }),
  z.strictObject({ kind: z.literal('rotate') }),
]);
export type RemoteInput = z.infer<typeof RemoteInputSchema>;

export const RemoteSettingsSchema = z.strictObject({
  quality: z.number().int().min(REMOTE_SETTINGS_LIMITS.quality.min).max(REMOTE_SETTINGS_LIMITS.quality.max),
  fps: z.number().int().min(REMOTE_SETTINGS_LIMITS.fps.min).max(REMOTE_SETTINGS_LIMITS.fps.max),
});
export type RemoteSettings = z.infer<typeof RemoteSettingsSchema>;

/** The life of a session. */
export const REMOTE_SESSION_STATES = ['waiting', 'asking', 'active', 'ended'] as const;
export type RemoteSessionState = (typeof REMOTE_SESSION_STATES)[number];

/** Why a session ended. */
export const REMOTE_END_REASONS = [
  /** A user closed it. */
  'closed',
  /** No input from the controller for the idle timeout. */
  'idle',
  /** The person at the terminal said no. */
  'refused',
  /** Nobody at the terminal answered in time. */
  'consentTimeout',
  /** The terminal never dialled the relay. */
  'terminalTimeout',
  /** The terminal's connection closed. */
  'terminalLeft',
  /** The server handling it stopped. */
  'lost',
] as const;
export type RemoteEndReason = (typeof REMOTE_END_REASONS)[number];

/** Roles on the relay. */
export type RemoteRole = 'terminal' | 'controller' | 'observer';

/** Terminal -> relay (text). */
export const TerminalToRelaySchema = z.discriminatedUnion('t', [
  /** Screen size and rotation, sent first and on every change. */
  z.object({
    t: z.literal('hello'),
    width: z.number().int().min(1).max(8192),
    height: z.number().int().min(1).max(8192),
    rotation: z.number().int().min(0).max(270).default(0),
  }),
  /** The person's answer (or the automatic one when the policy is `auto`). */
  z.object({ t: z.literal('consent'), granted: z.boolean() }),
  z.object({ t: z.literal('pong'), id: z.number().int() }),
]);
export type TerminalToRelay = z.infer<typeof TerminalToRelaySchema>;

/** Viewer -> relay (text). */
export const ViewerToRelaySchema = z.discriminatedUnion('t', [
  /** A frame was painted. */
  z.object({ t: z.literal('ack'), seq: z.number().int().min(0) }),
  z.object({ t: z.literal('input'), input: RemoteInputSchema }),
  z.object({ t: z.literal('settings'), settings: RemoteSettingsSchema }),
  z.object({ t: z.literal('ping'), id: z.number().int() }),
]);
export type ViewerToRelay = z.infer<typeof ViewerToRelaySchema>;

/** Relay -> terminal (text). */
export type RelayToTerminal =
  | { t: 'ack'; seq: number }
  | { t: 'input'; input: RemoteInput }
  | { t: 'settings'; settings: RemoteSettings }
  | { t: 'ping'; id: number }
  /** A viewer joined and needs a whole frame now. */
  | { t: 'refresh' }
  | { t: 'end'; reason: RemoteEndReason };

/** Relay -> viewer (text). */
export type RelayToViewer =
  | {
      t: 'state';
      state: RemoteSessionState;
      role: 'controller' | 'observer';
      reason?: RemoteEndReason;
      viewers: number;
      width?: number;
      height?: number;
      settings: RemoteSettings;
    }
  | {
      t: 'stats';
      /** Frames a second arriving from the terminal. */
      fps: number;
      /** Estimated terminal-to-screen time: half the terminal's round trip plus relay-to-painted. */
      latencyMs: number | null;
      /** Frames this viewer did not get because it had not painted the earlier ones yet. */
      dropped: number;
    }
  | { t: 'pong'; id: number }
  | { t: 'error'; code: string; message: string; messageEn: string };

/** Byte 0 of a binary relay message. */
export const FRAME_KIND = 1;
/** Header bytes before the JPEG. */
export const FRAME_HEADER_BYTES = 18;
/** Bits of the flags byte. */
export const FRAME_FLAGS = {
  /** The terminal showed a secure screen (PIN, payment): the frame is black and nothing else was captured. */
  secure: 1,
} as const;

/** A frame as it travels: kind, flags, sequence, capture time, size, then the JPEG bytes. */
export type FrameHeader = { flags: number; seq: number; capturedAt: number; width: number; height: number };

/** Builds a binary frame message: header then JPEG. */
export const encodeFrame = (header: FrameHeader, jpeg: Uint8Array): Uint8Array => {
  const out = new Uint8Array(FRAME_HEADER_BYTES + jpeg.length);
  const view = new DataView(out.buffer);
  view.setUint8(0, FRAME_KIND);
  view.setUint8(1, header.flags);
  view.setUint32(2, header.seq);
  view.setFloat64(6, header.capturedAt);
  view.setUint16(14, header.width);
  view.setUint16(16, header.height);
  out.set(jpeg, FRAME_HEADER_BYTES);
  return out;
};

/** Reads a frame message's header; null when it is not a frame. */
export const decodeFrameHeader = (bytes: Uint8Array): FrameHeader | null => {
  if (bytes.length < FRAME_HEADER_BYTES || bytes[0] !== FRAME_KIND) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    flags: view.getUint8(1),
    seq: view.getUint32(2),
    capturedAt: view.getFloat64(6),
    width: view.getUint16(14),
    height: view.getUint16(16),
  };
};

/** The JPEG of a frame message (a view, not a copy). */
export const frameJpeg = (bytes: Uint8Array): Uint8Array => bytes.subarray(FRAME_HEADER_BYTES);

/** What the server sends a terminal on `down/remote`. */
export const RemoteDownSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('open'),
    sessionId: z.string(),
    /** Relay address with the session and the terminal's one-time token. */
    url: z.string(),
    /** `ask`: show the request and wait for the person; `auto`: accept and show that a session runs. */
    consent: z.enum(['ask', 'auto']),
    /** Who asks, shown to the person at the terminal. */
    operator: z.string(),
    settings: RemoteSettingsSchema,
    protocol: z.number().int(),
  }),
  /** The session ended before the terminal dialled the relay. */
  z.object({ type: z.literal('close'), sessionId: z.string() }),
]);
export type RemoteDown = z.infer<typeof RemoteDownSchema>;

/** The relay address a console reaches: the same host on `port` (null: the console's own origin). */
export type RelayAddress = { port: number | null; path: string; url: string | null };

/** The WebSocket URL of the relay as a console at `location` reaches it. */
export const relayUrlFor = (
  location: { protocol: string; hostname: string; host: string },
  relay: RelayAddress,
  query: { session: string; token: string },
) => {
  const qs = `session=${encodeURIComponent(query.session)}&token=${encodeURIComponent(query.token)}`;
  if (relay.url) return `${relay.url}?${qs}`;
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const host = relay.port === null ? location.host : `${location.hostname}:${relay.port}`;
  return `${scheme}//${host}${relay.path}?${qs}`;
};
