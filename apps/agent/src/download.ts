import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { stat, truncate } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The server said no for good (401, 403, 404) or the file is not what the task said: a failure. */
export class DownloadRefused extends Error {}
/** Cut off or turned away for now: the part stays to resume from; the task is tried again later. */
export class DownloadInterrupted extends Error {}

const TRY_LATER = new Set([408, 425, 429, 500, 502, 503, 504]);
const sizeOf = async (file: string) => (await stat(file).catch(() => null))?.size ?? 0;

export const sha256Of = async (file: string) => {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
};

/**
 * Downloads a task's file into `part` as the protocol asks: after an interruption it asks for
 * `Range: bytes=<have>-` with `If-Range: "<sha256>"` and appends the 206; a 200 starts over, a 416
 * means the file is complete. Busy answers (408, 425, 429, 5xx) and broken connections are waited
 * out (`Retry-After`, else a doubling back-off) up to `attempts` times. The sha256 is checked at the end.
 */
export const download = async (o: {
  url: string;
  headers: Record<string, string>;
  sha256: string;
  part: string;
  attempts?: number;
  backoffMs?: number;
  log?: (line: string) => void;
}) => {
  const max = o.attempts ?? 6;
  let backoff = o.backoffMs ?? 1000;
  let resumed = 0;
  for (let n = 1; n <= max; n++) {
    const have = await sizeOf(o.part);
    let waitMs = backoff;
    try {
      const res = await fetch(o.url, {
        headers: {
          ...o.headers,
          ...(have > 0 ? { range: `bytes=${have}-`, 'if-range': `"${o.sha256}"` } : {}),
        },
      });
      if (res.status === 416) {
        await res.body?.cancel();
      } else if (res.status === 200 || res.status === 206) {
        if (res.status === 200 && have > 0) await truncate(o.part, 0);
        if (res.status === 206) resumed += 1;
        if (!res.body) throw new Error('empty answer');
        await pipeline(
          Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
          createWriteStream(o.part, { flags: res.status === 206 ? 'a' : 'w', mode: 0o600 }),
        );
      } else if (TRY_LATER.has(res.status)) {
        await res.body?.cancel();
        const after = Number(res.headers.get('retry-after'));
        if (Number.isFinite(after)) waitMs = after * 1000;
        throw new Error(`HTTP ${res.status}`);
      } else {
        const text = await res.text();
        throw new DownloadRefused(`download refused: HTTP ${res.status} ${text.slice(0, 200)}`);
      }
      const got = await sha256Of(o.part);
      if (got !== o.sha256) {
        await truncate(o.part, 0);
        throw new DownloadRefused(`sha256 mismatch: expected ${o.sha256}, got ${got}`);
      }
      return { bytes: await sizeOf(o.part), attempts: n, resumed };
    } catch (err) {
      if (err instanceof DownloadRefused) throw err;
      o.log?.(
        `download attempt ${n} broke off after ${await sizeOf(o.part)} bytes: ${(err as Error).message}`,
      );
      if (n === max) throw new DownloadInterrupted(`download incomplete after ${max} attempts`);
      await new Promise((r) => setTimeout(r, waitMs));
      backoff = Math.min(backoff * 2, 60_000);
    }
  }
  throw new DownloadInterrupted('download incomplete');
};
