import { decodeFrameHeader, encodeFrame, type FrameHeader } from '@cpm/contracts';
import { WebSocket } from 'ws';

/** Something a test client received: a JSON message or a frame. */
export type Received =
  | { kind: 'json'; data: Record<string, unknown> & { t: string } }
  | { kind: 'frame'; header: FrameHeader; bytes: Buffer };

/**
 * A relay client for tests: keeps everything it receives and waits for what a test expects
 * (never for time), plus the close code.
 */
export const relayClient = async (url: string) => {
  const ws = new WebSocket(url);
  const received: Received[] = [];
  const waiters: { match: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  let closed: { code: number; reason: string } | null = null;
  const closeWaiters: ((c: { code: number; reason: string }) => void)[] = [];
  ws.on('message', (data: Buffer, isBinary) => {
    const r: Received = isBinary
      ? { kind: 'frame', header: decodeFrameHeader(data) as FrameHeader, bytes: data }
      : { kind: 'json', data: JSON.parse(data.toString('utf8')) };
    received.push(r);
    for (const w of [...waiters])
      if (w.match(r)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(r);
      }
  });
  ws.on('close', (code, reason) => {
    closed = { code, reason: reason.toString() };
    for (const w of closeWaiters.splice(0)) w(closed);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const wait = (match: (r: Received) => boolean): Promise<Received> => {
    const found = received.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => waiters.push({ match, resolve }));
  };
  return {
    ws,
    received,
    send: (message: unknown) => ws.send(JSON.stringify(message)),
    sendFrame: (header: FrameHeader, jpeg: Uint8Array) => ws.send(encodeFrame(header, jpeg)),
    /** The first JSON message (already received or to come) of type `t` that passes `where`. */
    json: async <T = Record<string, unknown>>(
      t: string,
      where: (d: Record<string, unknown>) => boolean = () => true,
    ) => ((await wait((r) => r.kind === 'json' && r.data.t === t && where(r.data))) as { data: T }).data,
    frame: async (seq: number) =>
      (await wait((r) => r.kind === 'frame' && r.header.seq === seq)) as Extract<Received, { kind: 'frame' }>,
    frames: () => received.filter((r): r is Extract<Received, { kind: 'frame' }> => r.kind === 'frame'),
    closed: () =>
      closed
        ? Promise.resolve(closed)
        : new Promise<{ code: number; reason: string }>((r) => closeWaiters.push(r)),
    close: () => ws.close(),
  };
};

export type RelayClient = Awaited<ReturnType<typeof relayClient>>;
