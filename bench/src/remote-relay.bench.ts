// Remote desktop relay: BENCH_SESSIONS (20) sessions at once, each a terminal sending JPEG frames of
// the simulated till at BENCH_FPS (10) with at most two unacknowledged (as terminals do), viewed in
// Debian's Chromium, which decodes and draws every frame on a canvas and acknowledges it. Measures
// frames per second per session, the time from the terminal's capture to the browser's drawing (p50,
// p95), and the server's memory per session, for the real relay (tokens, consent, flow control,
// recording to disk, PGlite, embedded broker) against a bare `ws` relay passing the same frames, in
// the same run. `npm run bench:remote -w @cpm/bench`; BENCH_SECONDS (20) is the measured time.
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeFrame, type RemoteTicket } from '@cpm/contracts';
import jpeg from 'jpeg-js';
import { chromium } from 'playwright-core';
import { WebSocket } from 'ws';
import { createPosScreen, loadPosFonts } from '../../apps/pos-sim/src/pos-screen';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 20);
const FPS = Number(process.env.BENCH_FPS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 3;
const here = path.dirname(fileURLToPath(import.meta.url));
const now = () => performance.timeOrigin + performance.now();

// What the terminals send: the till's screen as it changes, encoded once up front (quality 60).
await loadPosFonts();
const screen = createPosScreen({ storeName: 'Main Street Cafe', till: '001' });
const frames: { bytes: Uint8Array; width: number; height: number }[] = [];
screen.render();
for (let i = 0; i < 8; i++) {
  screen.input({ kind: 'tap', x: 0.1 + (i % 3) * 0.2, y: 0.35 + Math.floor(i / 3) * 0.2 });
  const { width, height } = screen.size();
  frames.push({ bytes: jpeg.encode({ data: screen.render().data, width, height }, 60).data, width, height });
}
const frameBytes = Math.round(frames.reduce((n, f) => n + f.bytes.length, 0) / frames.length);

/** A child process speaking IPC; `ask` waits for its next message of a type. */
const spawn = (script: string) => {
  const child: ChildProcess = fork(path.join(here, 'remote', script), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, BENCH_SESSIONS: String(SESSIONS) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const listeners = new Set<(m: { type: string } & Record<string, unknown>) => void>();
  child.on('message', (m) => {
    for (const l of [...listeners]) l(m as { type: string });
  });
  const next = <T>(type: string, where: (m: T) => boolean = () => true) =>
    new Promise<T>((resolve) => {
      const l = (m: { type: string }) => {
        if (m.type === type && where(m as T)) {
          listeners.delete(l);
          resolve(m as T);
        }
      };
      listeners.add(l);
    });
  const memory = async () => {
    const reply = next<{ rss: number; heapUsed: number; external: number }>('memory');
    child.send({ type: 'memory' });
    return reply;
  };
  return { child, next, memory, listeners };
};

/** A terminal: frames at FPS, never more than two unacknowledged (it skips a tick rather than queue). */
const startTerminal = (url: string, relay: boolean) => {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const inflight = new Map<number, number>();
  let seq = 0;
  let skipped = 0;
  let timer: NodeJS.Timeout | undefined;
  ws.on('open', () => {
    if (relay) {
      ws.send(JSON.stringify({ t: 'hello', width: frames[0].width, height: frames[0].height }));
      ws.send(JSON.stringify({ t: 'consent', granted: true }));
    }
    timer = setInterval(() => {
      const t = now();
      for (const [s, at] of inflight) if (t - at > 3000) inflight.delete(s);
      if (inflight.size >= 2) {
        skipped++;
        return;
      }
      const f = frames[seq % frames.length];
      seq++;
      ws.send(encodeFrame({ flags: 0, seq, capturedAt: t, width: f.width, height: f.height }, f.bytes));
      inflight.set(seq, t);
    }, 1000 / FPS);
  });
  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    const m = JSON.parse(data.toString()) as { t: string; seq?: number; id?: number };
    if (m.t === 'ack' && m.seq !== undefined) inflight.delete(m.seq);
    else if (m.t === 'ping') ws.send(JSON.stringify({ t: 'pong', id: m.id }));
  });
  return {
    stats: () => ({ sent: seq, skipped }),
    stop: () => {
      clearInterval(timer);
      ws.close();
    },
  };
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

/** Opens every viewer in one page; each draws its frames on its own canvas and acknowledges them. */
const view = async (urls: string[]) => {
  const page = await browser.newPage();
  const result = await page.evaluate(
    async ({ urls, warmup, seconds }) => {
      // The page's own globals, typed here since the benchmark compiles without the DOM library.
      type Bitmap = { width: number; height: number; close(): void };
      type Canvas = {
        width: number;
        height: number;
        getContext(kind: '2d'): { drawImage(image: Bitmap, x: number, y: number): void };
      };
      const page = globalThis as unknown as {
        document: { createElement(tag: 'canvas'): Canvas; body: { appendChild(node: Canvas): void } };
        createImageBitmap(blob: Blob): Promise<Bitmap>;
      };
      const start = performance.timeOrigin + performance.now();
      const from = start + warmup * 1000;
      const until = from + seconds * 1000;
      const latencies: number[] = [];
      const counts = urls.map(() => 0);
      const sockets = urls.map((url, i) => {
        const canvas = page.document.createElement('canvas');
        page.document.body.appendChild(canvas);
        const ctx = canvas.getContext('2d');
        const ws = new WebSocket(url);
        ws.binaryType = 'arraybuffer';
        ws.onmessage = async (event) => {
          if (!(event.data instanceof ArrayBuffer)) return;
          const bytes = new Uint8Array(event.data);
          const v = new DataView(event.data);
          if (bytes[0] !== 1) return;
          const seq = v.getUint32(2);
          const capturedAt = v.getFloat64(6);
          const bitmap = await page.createImageBitmap(new Blob([bytes.subarray(18)], { type: 'image/jpeg' }));
          if (canvas.width !== bitmap.width) canvas.width = bitmap.width;
          if (canvas.height !== bitmap.height) canvas.height = bitmap.height;
          ctx.drawImage(bitmap, 0, 0);
          bitmap.close();
          const drawn = performance.timeOrigin + performance.now();
          if (drawn >= from && drawn < until) {
            latencies.push(drawn - capturedAt);
            counts[i]++;
          }
          ws.send(JSON.stringify({ t: 'ack', seq }));
        };
        return ws;
      });
      await new Promise((r) => setTimeout(r, until - (performance.timeOrigin + performance.now())));
      for (const ws of sockets) ws.close();
      return { latencies, counts };
    },
    { urls, warmup: WARMUP_SECONDS, seconds: SECONDS },
  );
  await page.close();
  return result;
};

const summarize = (r: { latencies: number[]; counts: number[] }) => {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const fps = r.counts.map((c) => c / SECONDS);
  return {
    fps: fps.reduce((a, b) => a + b, 0) / fps.length,
    minFps: Math.min(...fps),
    p50: at(0.5),
    p95: at(0.95),
  };
};

type Phase = {
  name: string;
  fps: number;
  minFps: number;
  p50: number;
  p95: number;
  rssPerSession: number;
  heapPerSession: number;
  skipped: number;
};

/** The real relay: sessions opened through the API, terminals told on `down/remote`. */
const relayPhase = async (): Promise<Phase> => {
  const server = spawn('relay-server.ts');
  const ready = await server.next<{ port: number; token: string; password: string }>('ready');
  const base = `http://127.0.0.1:${ready.port}`;
  const idle = await server.memory();
  const terminals: ReturnType<typeof startTerminal>[] = [];
  const viewers: string[] = [];
  for (let i = 1; i <= SESSIONS; i++) {
    const sn = `BENCHRD${String(i).padStart(3, '0')}`;
    const down = server.next<{ sn: string; message: { url: string } }>('down', (m) => m.sn === sn);
    const res = await fetch(`${base}/remote/v1/remote/session/open`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', satoken: ready.token },
      body: JSON.stringify({ sn, mode: 'control', password: ready.password }),
    });
    const body = (await res.json()) as { code: number; result: RemoteTicket; messageEn: string };
    if (body.code !== 1) throw new Error(`open ${sn}: ${body.messageEn}`);
    const u = new URL((await down).message.url);
    terminals.push(startTerminal(`ws://127.0.0.1:${ready.port}${u.pathname}${u.search}`, true));
    viewers.push(
      `ws://127.0.0.1:${ready.port}/remote/relay?session=${body.result.sessionId}&token=${encodeURIComponent(body.result.token)}`,
    );
  }
  const sample = new Promise<{ rss: number; heapUsed: number; external: number }>((resolve) =>
    setTimeout(() => resolve(server.memory()), (WARMUP_SECONDS + SECONDS / 2) * 1000),
  );
  const result = await view(viewers);
  const busy = await sample;
  const skipped = terminals.reduce((n, t) => n + t.stats().skipped, 0);
  for (const t of terminals) t.stop();
  server.child.kill('SIGKILL');
  return {
    name: 'relay (real server)',
    ...summarize(result),
    rssPerSession: (busy.rss - idle.rss) / SESSIONS,
    heapPerSession: (busy.heapUsed + busy.external - idle.heapUsed - idle.external) / SESSIONS,
    skipped,
  };
};

/** The baseline: a bare `ws` relay. */
const echoPhase = async (): Promise<Phase> => {
  const server = spawn('echo-server.ts');
  const ready = await server.next<{ port: number }>('ready');
  const idle = await server.memory();
  const terminals = Array.from({ length: SESSIONS }, (_, i) =>
    startTerminal(`ws://127.0.0.1:${ready.port}/terminal?id=${i}`, false),
  );
  const viewers = Array.from({ length: SESSIONS }, (_, i) => `ws://127.0.0.1:${ready.port}/viewer?id=${i}`);
  const sample = new Promise<{ rss: number; heapUsed: number; external: number }>((resolve) =>
    setTimeout(() => resolve(server.memory()), (WARMUP_SECONDS + SECONDS / 2) * 1000),
  );
  const result = await view(viewers);
  const busy = await sample;
  const skipped = terminals.reduce((n, t) => n + t.stats().skipped, 0);
  for (const t of terminals) t.stop();
  server.child.kill('SIGKILL');
  return {
    name: 'bare ws echo relay',
    ...summarize(result),
    rssPerSession: (busy.rss - idle.rss) / SESSIONS,
    heapPerSession: (busy.heapUsed + busy.external - idle.heapUsed - idle.external) / SESSIONS,
    skipped,
  };
};

console.log(
  `${SESSIONS} sessions, ${FPS} fps asked, ${SECONDS} s measured after ${WARMUP_SECONDS} s, frames of ${frames[0].width}x${frames[0].height} ~${(frameBytes / 1024).toFixed(1)} KB`,
);
const echo = await echoPhase();
const relay = await relayPhase();
await browser.close();

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
for (const p of [echo, relay])
  console.log(
    `${p.name.padEnd(22)} fps/session ${p.fps.toFixed(2)} (min ${p.minFps.toFixed(2)})  latency p50 ${p.p50.toFixed(1)} ms p95 ${p.p95.toFixed(1)} ms  RSS/session ${kb(p.rssPerSession)}  heap+buffers/session ${kb(p.heapPerSession)}  skipped ticks ${p.skipped}`,
  );
console.log(
  `ratio relay/echo: fps ${(relay.fps / echo.fps).toFixed(2)}, p95 latency ${(relay.p95 / echo.p95).toFixed(2)}x, p50 latency ${(relay.p50 / echo.p50).toFixed(2)}x`,
);
process.exit(0);
