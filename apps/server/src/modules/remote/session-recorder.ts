import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { encodeRecordingEntry, type RECORDING_KINDS, recordingPreamble } from '@cpm/contracts';

/** Unwritten bytes past which frames are left out of a recording rather than held in memory. */
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

/** What a finished recording holds. */
export type RecordingSummary = {
  file: string;
  bytes: number;
  frames: number;
  inputs: number;
  skipped: number;
};

/**
 * Writes one session's recording to a local file as the session runs (frames, inputs, events, each
 * with its time since the start). A disk slower than the screen loses frames, never memory.
 */
export const createSessionRecorder = async (dir: string, sessionId: string, startedAt: number) => {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${sessionId}.rec`);
  const out: WriteStream = createWriteStream(file);
  let failed: Error | null = null;
  out.on('error', (err) => {
    failed = err;
  });
  let bytes = 0;
  let frames = 0;
  let inputs = 0;
  let skipped = 0;
  let closed = false;
  const write = (chunk: Uint8Array) => {
    bytes += chunk.length;
    out.write(chunk);
  };
  write(recordingPreamble());
  const json = (kind: keyof typeof RECORDING_KINDS, data: unknown, now: number) => {
    if (closed || failed) return;
    write(encodeRecordingEntry(kind, now - startedAt, new TextEncoder().encode(JSON.stringify(data))));
  };

  return {
    file,
    frame(message: Uint8Array, now: number) {
      if (closed || failed) return;
      if (out.writableLength > MAX_BUFFERED_BYTES) {
        skipped++;
        return;
      }
      frames++;
      write(encodeRecordingEntry('frame', now - startedAt, message));
    },
    input(data: unknown, now: number) {
      if (closed || failed) return;
      inputs++;
      json('input', data, now);
    },
    event: (data: unknown, now: number) => json('event', data, now),
    /** Closes the file; rejects when it could not be written. */
    async finish(): Promise<RecordingSummary> {
      if (!closed) {
        closed = true;
        await new Promise<void>((resolve) => out.end(() => resolve()));
      }
      if (failed) throw failed;
      return { file, bytes, frames, inputs, skipped };
    },
  };
};

export type SessionRecorder = Awaited<ReturnType<typeof createSessionRecorder>>;
