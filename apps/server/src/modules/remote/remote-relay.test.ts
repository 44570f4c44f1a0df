import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseRecording, REMOTE_PROTOCOL, type RemoteEndReason } from '@cpm/contracts';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { relayClient } from './relay-client.testing';
import type { SessionRecord, TokenHolder } from './remote.repository';
import { createRemoteRelay, type RelayRules } from './remote-relay';
import { createSessionRecorder, type RecordingSummary } from './session-recorder';

const SESSION = '11111111-1111-4111-8111-111111111111';

const session = (): SessionRecord => ({
  id: SESSION,
  terminalId: 't',
  sn: 'SN0001',
  terminalName: 'Till',
  ownerId: 'o',
  openedBy: 'u1',
  openedByName: 'U1',
  controllerId: 'u1',
  controllerName: 'U1',
  consent: 'auto',
  state: 'waiting',
  endReason: null,
  quality: 60,
  fps: 10,
  openedAt: new Date(),
  startedAt: null,
  endedAt: null,
  lastActiveAt: new Date(),
  recordingBlobId: null,
  recordingBytes: 0,
  recordingFrames: 0,
  recordingInputs: 0,
  recordingExpired: false,
});

/** Session rules kept in memory: tokens `terminal` and `viewer`, each usable once. */
const fakeRules = () => {
  const tokens = new Map<string, TokenHolder>([
    ['terminal', { session: session(), participant: null, consoleSessionId: null }],
    [
      'viewer',
      {
        session: session(),
        participant: {
          id: 'p1',
          sessionId: SESSION,
          userId: 'u1',
          userName: 'U1',
          role: 'controller',
          joinedAt: new Date(),
        },
        consoleSessionId: '22222222-2222-4222-8222-222222222222',
      },
    ],
  ]);
  const ends: RemoteEndReason[] = [];
  const rules: RelayRules = {
    relayConsume: async (_id, token) => {
      const holder = tokens.get(token) ?? null;
      tokens.delete(token);
      return holder;
    },
    relayAsking: async () => null,
    relayActive: async () => null,
    relayEnd: async (_id, reason) => {
      ends.push(reason);
      return null;
    },
    relayTouch: async () => null,
    relaySettings: async () => null,
  };
  return { rules, ends };
};

/** A step a test lets pass when it chooses. */
const gate = () => {
  let open = () => {};
  const passed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { passed, open };
};

describe('remote relay', () => {
  let dir: string;
  let relay: ReturnType<typeof createRemoteRelay>;
  let url: string;
  let ends: RemoteEndReason[];
  const stored: RecordingSummary[] = [];

  const start = async (
    idleMs = 60_000,
    viewerlessMs = 60_000,
    /** Steps a test holds back, to choose the order in which they finish. */
    held: { asking?: Promise<void>; recording?: Promise<void>; recordingAsked?: () => void } = {},
  ) => {
    const fake = fakeRules();
    ends = fake.ends;
    relay = createRemoteRelay({
      rules: {
        ...fake.rules,
        relayAsking: async (id) => {
          await held.asking;
          return fake.rules.relayAsking(id);
        },
      },
      log: pino({ level: 'silent' }),
      idleMs,
      viewerlessMs,
      startRecording: async (id, at) => {
        held.recordingAsked?.();
        await held.recording;
        return createSessionRecorder(dir, id, at);
      },
      storeRecording: async (_id, summary) => {
        stored.push(summary);
      },
    });
    const port = await relay.listen(0, '127.0.0.1');
    url = `ws://127.0.0.1:${port}${REMOTE_PROTOCOL.path}?session=${SESSION}&token=`;
  };

  beforeEach(async () => {
    stored.length = 0;
    dir = await mkdtemp(path.join(tmpdir(), 'cpm-relay-'));
  });
  afterEach(async () => {
    await relay.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('drops frames for a viewer that has not painted the earlier ones, and never stalls the terminal', async () => {
    await start();
    const viewer = await relayClient(`${url}viewer`);
    const terminal = await relayClient(`${url}terminal`);
    terminal.send({ t: 'hello', width: 10, height: 10 });
    terminal.send({ t: 'consent', granted: true });
    await viewer.json('state', (d) => d.state === 'active');
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]);
    for (let seq = 1; seq <= 10; seq++)
      terminal.sendFrame({ flags: 0, seq, capturedAt: Date.now(), width: 10, height: 10 }, jpeg);
    // The frames nobody could take are acknowledged at once, so the terminal may go on.
    for (let seq = 3; seq <= 10; seq++) await terminal.json('ack', (d) => d.seq === seq);
    await viewer.frame(2);
    expect(viewer.frames().map((f) => f.header.seq)).toEqual([1, 2]);
    expect(terminal.received.some((r) => r.kind === 'json' && r.data.t === 'ack' && r.data.seq === 1)).toBe(
      false,
    );
    // Painting frees the window: the next frame flows, and the paint reaches the terminal.
    viewer.send({ t: 'ack', seq: 1 });
    await terminal.json('ack', (d) => d.seq === 1);
    terminal.sendFrame({ flags: 0, seq: 11, capturedAt: Date.now(), width: 10, height: 10 }, jpeg);
    await viewer.frame(11);
    const stats = await viewer.json<{ dropped: number; fps: number }>(
      'stats',
      (d) => (d.dropped as number) > 0,
    );
    expect(stats.dropped).toBe(8);

    relay.closeSession(SESSION, 'closed');
    await viewer.closed();
    await relay.recordingsIdle();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ frames: 11, inputs: 0 });
  });

  it('lets nothing through before the recording is open, whichever state change lands first', async () => {
    const asking = gate();
    const recording = gate();
    const recordingAsked = gate();
    await start(60_000, 60_000, {
      asking: asking.passed,
      recording: recording.passed,
      recordingAsked: recordingAsked.open,
    });
    const viewer = await relayClient(`${url}viewer`);
    const terminal = await relayClient(`${url}terminal`);
    // Consent is recorded and the recording is being opened while the asking step is still on its way.
    terminal.send({ t: 'consent', granted: true });
    await recordingAsked.passed;
    asking.open();
    const next = await viewer.json('state', (d) => d.state !== 'waiting');
    expect(next.state).toBe('asking');
    recording.open();
    await viewer.json('state', (d) => d.state === 'active');
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]);
    terminal.sendFrame({ flags: 0, seq: 1, capturedAt: Date.now(), width: 10, height: 10 }, jpeg);
    await viewer.frame(1);
    viewer.send({ t: 'input', input: { kind: 'key', key: 'back' } });
    await terminal.json('input');
    relay.closeSession(SESSION, 'closed');
    await relay.recordingsIdle();
    expect(stored).toEqual([expect.objectContaining({ frames: 1, inputs: 1 })]);
  });

  it('ends a session when its controller sends nothing for the idle time', async () => {
    await start(300);
    const viewer = await relayClient(`${url}viewer`);
    const terminal = await relayClient(`${url}terminal`);
    terminal.send({ t: 'consent', granted: true });
    await viewer.json('state', (d) => d.state === 'active');
    const ended = await viewer.json('state', (d) => d.state === 'ended');
    expect(ended.reason).toBe('idle');
    expect(ends).toEqual(['idle']);
    expect((await terminal.json('end')).reason).toBe('idle');
  });

  it('ends a session that nobody watches any more', async () => {
    await start(60_000, 200);
    const viewer = await relayClient(`${url}viewer`);
    const terminal = await relayClient(`${url}terminal`);
    terminal.send({ t: 'consent', granted: true });
    await viewer.json('state', (d) => d.state === 'active');
    viewer.close();
    expect((await terminal.json('end')).reason).toBe('idle');
    expect(ends).toEqual(['idle']);
  });

  it('answers plain HTTP on its own port with 426 and refuses a wrong path', async () => {
    await start();
    const res = await fetch(url.replace('ws://', 'http://'));
    expect(res.status).toBe(426);
    const wrong = relayClient(url.replace(REMOTE_PROTOCOL.path, '/elsewhere'));
    await expect(wrong).rejects.toThrow();
  });

  it('keeps what a recording holds readable even when its end was cut off', async () => {
    await start();
    const recorder = await createSessionRecorder(dir, 'cut', 0);
    recorder.frame(Uint8Array.from([1, 2, 3]), 5);
    recorder.input({ kind: 'tap', x: 0, y: 0 }, 6);
    const summary = await recorder.finish();
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(summary.file);
    const cut = bytes.subarray(0, bytes.length - 3);
    const entries = parseRecording(new Uint8Array(cut));
    expect(entries.map((e) => e.kind)).toEqual(['frame']);
    expect(entries[0].at).toBe(5);
  });
});
