import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat, truncate } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Where a system file comes from: the server, the terminal's credentials and the file's sha256. */
export type DownloadOptions = {
  server: string;
  sn: string;
  secret: string;
  sha256: string;
  /** Path on the server (a task's file URL); default the system-file download by sha256. */
  url?: string;
  /** File written (and resumed from when it already holds part of the file). */
  out: string;
  /** Drop the connection once this many bytes arrived in one attempt (tests a broken link). */
  dropAfterBytes?: number;
  /** Attempts before giving up (default 5). */
  attempts?: number;
  /** Pause between attempts in ms (default 1000, doubled each time up to 60 s). */
  backoffMs?: number;
};

export type DownloadReport = {
  bytes: number;
  attempts: number;
  /** Bytes received as 206 answers continuing an earlier attempt. */
  resumedBytes: number;
  sha256: string;
};

/** The server said no for good (bad credentials, no such file): trying again changes nothing. */
export class DownloadRefused extends Error {
  constructor(
    readonly status: number,
    text: string,
  ) {
    super(`download refused: HTTP ${status} ${text.slice(0, 300)}`);
  }
}

/** Every attempt was cut off or turned away for a while; what arrived stays in `out` to resume from. */
export class DownloadInterrupted extends Error {}

/** Answers that mean "not now": the server is busy, restarting or limiting this terminal. */
const TRY_LATER = new Set([408, 425, 429, 500, 502, 503, 504]);

/** The connection was dropped on purpose (`dropAfterBytes`). */
export class DroppedConnection extends Error {
  constructor(readonly bytes: number) {
    super(`connection dropped after ${bytes} bytes`);
  }
}

// One keep-alive agent per protocol, shared by every terminal of the process.
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
const agentFor = (url: URL) => (url.protocol === 'https:' ? agents.https : agents.http);

const sizeOf = async (file: string) => (await stat(file).catch(() => null))?.size ?? 0;

const hashOf = async (file: string) => {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
};

/** A pass-through that fails the stream once `limit` bytes went through. */
const dropAfter = (limit: number) => {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const room = limit - seen;
      seen += chunk.length;
      if (seen < limit) return done(null, chunk);
      this.push(chunk.subarray(0, room));
      done(new DroppedConnection(limit));
    },
  });
};

/**
 * One attempt: asks for the bytes after those already in `out` (Range + If-Range on the sha256),
 * appends a 206 answer, starts over on a 200 (the server has another version). Answers false when
 * the connection broke off.
 */
const attempt = async (
  o: DownloadOptions,
  drop: boolean,
): Promise<{ done: boolean; resumed: number; waitMs?: number }> => {
  const have = await sizeOf(o.out);
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${o.sn}:${o.secret}`).toString('base64')}`,
  };
  if (have > 0) {
    headers.range = `bytes=${have}-`;
    headers['if-range'] = `"${o.sha256}"`;
  }
  // node:http rather than fetch: a fleet of thousands of terminals in one process pays far less per request.
  const url = new URL(`${o.server}${o.url ?? `/device/v1/agent/sysFile/download?sha256=${o.sha256}`}`);
  const body = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = (url.protocol === 'https:' ? https : http).get(
      url,
      { headers, agent: agentFor(url) },
      resolve,
    );
    req.on('error', reject);
  });
  const status = body.statusCode ?? 0;
  if (status === 416) {
    body.resume();
    return { done: true, resumed: 0 };
  }
  if (status !== 200 && status !== 206) {
    let text = '';
    for await (const chunk of body) text += chunk;
    if (!TRY_LATER.has(status)) throw new DownloadRefused(status, text);
    // Seconds, as the server says; an HTTP date or nothing leaves the usual back-off.
    const after = Number(body.headers['retry-after']);
    return { done: false, resumed: 0, waitMs: Number.isFinite(after) ? after * 1000 : undefined };
  }
  const append = status === 206;
  if (!append && have > 0) await truncate(o.out, 0);
  const file = createWriteStream(o.out, { flags: append ? 'a' : 'w' });
  try {
    if (drop && o.dropAfterBytes) await pipeline(body, dropAfter(o.dropAfterBytes), file);
    else await pipeline(body, file);
  } catch (err) {
    // Whatever arrived before the break stays in the file; the next attempt resumes after it.
    body.destroy();
    if (err instanceof DroppedConnection) return { done: false, resumed: 0 };
    throw err;
  }
  return { done: true, resumed: append ? (await sizeOf(o.out)) - have : 0 };
};

/**
 * Downloads a system file the way a terminal does: resumes after a dropped connection with
 * Range/If-Range, waits out "not now" answers (429, 503..., after their Retry-After) and connections
 * refused, then checks the sha256 (a mismatch removes nothing but throws). Throws DownloadRefused
 * when the server says no for good, DownloadInterrupted when the attempts ran out (the part is kept).
 */
export const downloadSystemFile = async (o: DownloadOptions): Promise<DownloadReport> => {
  const max = o.attempts ?? 5;
  let backoff = o.backoffMs ?? 1000;
  let resumedBytes = 0;
  let last = '';
  for (let n = 1; n <= max; n++) {
    let outcome: { done: boolean; resumed: number; waitMs?: number };
    try {
      // Only the first attempt is cut, so the resumed one shows the file completes.
      outcome = await attempt(o, n === 1);
    } catch (err) {
      if (err instanceof DownloadRefused) throw err;
      last = err instanceof Error ? err.message : String(err);
      outcome = { done: false, resumed: 0 };
    }
    resumedBytes += outcome.resumed;
    if (outcome.done) {
      const sha256 = await hashOf(o.out);
      if (sha256 !== o.sha256) throw new Error(`sha256 mismatch: expected ${o.sha256}, got ${sha256}`);
      return { bytes: await sizeOf(o.out), attempts: n, resumedBytes, sha256 };
    }
    if (n < max) await new Promise((r) => setTimeout(r, outcome.waitMs ?? backoff));
    backoff = Math.min(backoff * 2, 60_000);
  }
  throw new DownloadInterrupted(`download incomplete after ${max} attempts${last ? ` (${last})` : ''}`);
};
