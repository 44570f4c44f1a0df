import {
  ERRORS,
  type ErrorKey,
  REMOTE_PROTOCOL,
  type RelayToTerminal,
  type RelayToViewer,
  type RemoteEndReason,
  type RemoteSessionState,
  type RemoteSettings,
  ViewerToRelaySchema,
} from '@cpm/contracts';
import { type RawData, WebSocket } from 'ws';
import type { TokenHolder } from './remote.repository';
import { relayPermissions } from './remote.service';
import type { RelayRules } from './remote-relay';
import type { SessionRecorder } from './session-recorder';

/** A viewer of a session: its socket, and the frames it has not painted yet. */
export type Viewer = {
  ws: WebSocket;
  participantId: string;
  userId: string;
  /** Frames sent and not yet painted, by sequence, with when they were sent. */
  inflight: Map<number, number>;
  dropped: number;
  /** Recent relay-to-painted times. */
  paintMs: number[];
};

/** A session this relay serves: its state, terminal, viewers and flow control. */
export type Live = {
  id: string;
  state: RemoteSessionState;
  controllerId: string | null;
  consent: string;
  openedAt: number;
  terminal: WebSocket | null;
  viewers: Set<Viewer>;
  settings: RemoteSettings;
  width?: number;
  height?: number;
  /** Frames forwarded and not yet acknowledged to the terminal by any viewer. */
  awaiting: Set<number>;
  arrivals: number[];
  terminalRttMs: number | null;
  pings: Map<number, number>;
  lastInputAt: number;
  recorder: SessionRecorder | null;
  timers: NodeJS.Timeout[];
  idleTimer: NodeJS.Timeout | null;
  viewerlessTimer: NodeJS.Timeout | null;
  ended: boolean;
};

/** Sends a text message when the socket is open. */
export const text = (ws: WebSocket, message: RelayToTerminal | RelayToViewer) => {
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
};

/** An error as a viewer shows it, in both languages. */
export const errorMessage = (key: ErrorKey): RelayToViewer => ({
  t: 'error',
  code: key,
  message: ERRORS[key].zh,
  messageEn: ERRORS[key].en,
});

/** Why a session ended, as an error a viewer shows (none for an ordinary end). */
export const END_ERRORS: Partial<Record<RemoteEndReason, ErrorKey>> = {
  refused: 'remoteConsentRefused',
  consentTimeout: 'remoteConsentTimeout',
  terminalTimeout: 'remoteTerminalTimeout',
};

/** The middle of some figures, or null for none. */
export const median = (xs: number[]) => {
  if (!xs.length) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** A stuck viewer's unpainted frames are given up after this long. */
const INFLIGHT_GIVE_UP_MS = 5000;
/** A viewer whose socket holds this much unsent is skipped, whatever its acknowledgements say. */
const MAX_VIEWER_BUFFER = 2 * 1024 * 1024;

/** The state message a viewer gets: its role, the screen and the settings. */
export const viewerState = (live: Live, viewer: Viewer, reason?: RemoteEndReason): RelayToViewer => ({
  t: 'state',
  state: live.state,
  role: live.controllerId === viewer.userId ? 'controller' : 'observer',
  reason,
  viewers: live.viewers.size,
  width: live.width,
  height: live.height,
  settings: live.settings,
});

/** Sends every viewer of a session its state. */
export const broadcastState = (live: Live, reason?: RemoteEndReason) => {
  for (const v of live.viewers) text(v.ws, viewerState(live, v, reason));
};

/** Tells the terminal a frame is done with (painted, given up, or taken by nobody). */
export const ackTerminal = (live: Live, seq: number) => {
  if (live.terminal) text(live.terminal, { t: 'ack', seq });
};

/** Gives up a leaving viewer's unpainted frames so the terminal is not kept waiting. */
export const forgetViewerFrames = (live: Live, viewer: Viewer) => {
  for (const seq of viewer.inflight.keys()) if (live.awaiting.delete(seq)) ackTerminal(live, seq);
  viewer.inflight.clear();
};

/** Passes a frame on to every viewer that has painted the earlier ones; the rest skip it. */
export const forwardFrame = (live: Live, message: Buffer, seq: number, t: number) => {
  live.arrivals.push(t);
  live.recorder?.frame(message, t);
  let taken = false;
  for (const v of live.viewers) {
    for (const [s, sentAt] of v.inflight)
      if (t - sentAt > INFLIGHT_GIVE_UP_MS) {
        v.inflight.delete(s);
        if (live.awaiting.delete(s)) ackTerminal(live, s);
      }
    if (v.inflight.size >= REMOTE_PROTOCOL.window || v.ws.bufferedAmount > MAX_VIEWER_BUFFER) {
      v.dropped++;
      continue;
    }
    if (v.ws.readyState !== WebSocket.OPEN) continue;
    v.ws.send(message, { binary: true });
    v.inflight.set(seq, t);
    taken = true;
  }
  // Nobody could take it: the terminal must not wait for a paint that will not come.
  if (taken) live.awaiting.add(seq);
  else ackTerminal(live, seq);
};

/** A viewer's message: frame acknowledgements, pings, the controller's input and settings. */
export const onViewerMessage = async (
  live: Live,
  viewer: Viewer,
  data: RawData,
  isBinary: boolean,
  ctx: { now: () => number; rules: Pick<RelayRules, 'relaySettings'> },
) => {
  const { now } = ctx;
  if (live.ended) return text(viewer.ws, errorMessage('remoteSessionEnded'));
  const bytes = data as Buffer;
  if (isBinary || bytes.length > REMOTE_PROTOCOL.maxTextBytes) return;
  let parsed: ReturnType<typeof ViewerToRelaySchema.safeParse>;
  try {
    parsed = ViewerToRelaySchema.safeParse(JSON.parse(bytes.toString('utf8')));
  } catch {
    return text(viewer.ws, errorMessage('invalidInput'));
  }
  if (!parsed.success) return text(viewer.ws, errorMessage('invalidInput'));
  const m = parsed.data;
  const controller = live.controllerId === viewer.userId;
  switch (m.t) {
    case 'ack': {
      const sentAt = viewer.inflight.get(m.seq);
      if (sentAt === undefined) return;
      viewer.inflight.delete(m.seq);
      viewer.paintMs.push(now() - sentAt);
      if (viewer.paintMs.length > 20) viewer.paintMs.shift();
      if (live.awaiting.delete(m.seq)) ackTerminal(live, m.seq);
      return;
    }
    case 'ping':
      return text(viewer.ws, { t: 'pong', id: m.id });
    case 'input':
      if (!controller) return text(viewer.ws, errorMessage('remoteNotController'));
      if (live.state !== 'active' || !live.terminal) return;
      live.lastInputAt = now();
      live.recorder?.input(m.input, now());
      return text(live.terminal, { t: 'input', input: m.input });
    case 'settings':
      if (!controller) return text(viewer.ws, errorMessage('remoteNotController'));
      live.settings = m.settings;
      live.lastInputAt = now();
      live.recorder?.event({ t: 'settings', settings: m.settings }, now());
      if (live.terminal) text(live.terminal, { t: 'settings', settings: m.settings });
      broadcastState(live);
      await ctx.rules.relaySettings(live.id, m.settings);
      return;
  }
};

/** A viewer's socket held with the console session its token was issued to (see session-connections). */
export type HoldViewer = (connection: {
  kind: 'relayViewer' | 'relayController';
  sessionId: string;
  userId: string;
  permissions: string[];
  close(): void;
}) => () => void;

/** Holds a viewer with its console session, which closes it when it ends; answers the release. */
export const holdViewer = (
  hold: HoldViewer | undefined,
  holder: TokenHolder,
  controller: boolean,
  ws: WebSocket,
): (() => void) =>
  holder.consoleSessionId && holder.participant && hold
    ? hold({
        kind: controller ? 'relayController' : 'relayViewer',
        sessionId: holder.consoleSessionId,
        userId: holder.participant.userId,
        permissions: relayPermissions(controller),
        close: () => ws.close(REMOTE_PROTOCOL.closeCodes.signedOut, 'signed out'),
      })
    : () => {};
