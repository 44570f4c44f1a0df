import {
  decodeFrameHeader,
  FRAME_FLAGS,
  frameJpeg,
  REMOTE_PROTOCOL,
  type RelayToViewer,
  type RemoteEndReason,
  type RemoteInput,
  type RemoteSessionState,
  type RemoteSettings,
} from '@cpm/contracts';

/** What the viewer shows about its session. */
export type RelayView = {
  /** `connecting` until the relay answers; `closed` when the connection dropped without an end. */
  state: RemoteSessionState | 'connecting' | 'closed';
  role: 'controller' | 'observer';
  reason: RemoteEndReason | null;
  viewers: number;
  width: number | null;
  height: number | null;
  settings: RemoteSettings;
  /** Frames a second arriving from the terminal (relay's count) and painted here. */
  fps: number;
  paintedFps: number;
  latencyMs: number | null;
  dropped: number;
  /** The terminal shows a secure screen: it sent black. */
  secure: boolean;
  frames: number;
};

export type RelayError = { code: string; message: string; messageEn: string };

/** Something that paints decoded frames (a canvas). */
export type FrameSink = (bitmap: ImageBitmap, width: number, height: number) => void;

/**
 * One viewer's connection to the relay: paints each frame, then acknowledges it (so the relay sends
 * the next only to viewers that keep up), and sends the controller's input and settings.
 */
export const connectRelay = (o: {
  url: string;
  initial: Pick<RelayView, 'role' | 'settings'>;
  paint: FrameSink;
  onView: (view: RelayView) => void;
  onError: (error: RelayError) => void;
  /** For tests: the WebSocket and image decoder to use. */
  WebSocketImpl?: typeof WebSocket;
  decode?: (jpeg: Blob) => Promise<ImageBitmap>;
}) => {
  const decode = o.decode ?? ((blob: Blob) => createImageBitmap(blob));
  const ws = new (o.WebSocketImpl ?? WebSocket)(o.url);
  ws.binaryType = 'arraybuffer';
  let view: RelayView = {
    state: 'connecting',
    role: o.initial.role,
    reason: null,
    viewers: 0,
    width: null,
    height: null,
    settings: o.initial.settings,
    fps: 0,
    paintedFps: 0,
    latencyMs: null,
    dropped: 0,
    secure: false,
    frames: 0,
  };
  let paints: number[] = [];
  let ended = false;
  const update = (patch: Partial<RelayView>) => {
    view = { ...view, ...patch };
    o.onView(view);
  };
  const send = (message: unknown) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  };

  const onFrame = async (data: ArrayBuffer) => {
    const bytes = new Uint8Array(data);
    const header = decodeFrameHeader(bytes);
    if (!header) return;
    try {
      const bitmap = await decode(new Blob([frameJpeg(bytes) as BlobPart], { type: 'image/jpeg' }));
      o.paint(bitmap, header.width, header.height);
      bitmap.close();
    } catch {
      // A frame that does not decode is skipped; the next one replaces it anyway.
    }
    send({ t: 'ack', seq: header.seq });
    const now = performance.now();
    paints = [...paints.filter((p) => now - p < 1000), now];
    update({
      secure: (header.flags & FRAME_FLAGS.secure) !== 0,
      frames: view.frames + 1,
      paintedFps: paints.length,
      width: header.width,
      height: header.height,
    });
  };

  ws.onmessage = (event: MessageEvent) => {
    if (event.data instanceof ArrayBuffer) return void onFrame(event.data);
    let m: RelayToViewer;
    try {
      m = JSON.parse(String(event.data)) as RelayToViewer;
    } catch {
      return;
    }
    if (m.t === 'state') {
      if (m.state === 'ended') ended = true;
      update({
        state: m.state,
        role: m.role,
        reason: m.reason ?? null,
        viewers: m.viewers,
        width: m.width ?? view.width,
        height: m.height ?? view.height,
        settings: m.settings,
      });
    } else if (m.t === 'stats') update({ fps: m.fps, latencyMs: m.latencyMs, dropped: m.dropped });
    else if (m.t === 'error') o.onError(m);
  };
  ws.onclose = (event: CloseEvent) => {
    if (ended || event.code === REMOTE_PROTOCOL.closeCodes.ended) update({ state: 'ended' });
    else update({ state: 'closed' });
  };

  return {
    input: (input: RemoteInput) => send({ t: 'input', input }),
    settings: (settings: RemoteSettings) => send({ t: 'settings', settings }),
    close: () => ws.close(1000),
  };
};

export type RelayConnection = ReturnType<typeof connectRelay>;
