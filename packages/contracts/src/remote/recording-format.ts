/**
 * A session recording as stored in the blob store: a magic line, then records of
 * `[kind u8][length u32][time f64: ms since the session opened][payload]`. Frames keep their relay
 * message bytes (header and JPEG); inputs and events are JSON. Written by the relay as the session
 * runs, read by the console's player.
 */
export const RECORDING_MAGIC = 'CPMREC01';
export const RECORDING_RECORD_HEADER = 13;

export const RECORDING_KINDS = { frame: 1, input: 2, event: 3 } as const;

/** One record of a recording. */
export type RecordingEntry =
  | { kind: 'frame'; at: number; bytes: Uint8Array }
  | { kind: 'input'; at: number; data: unknown }
  | { kind: 'event'; at: number; data: unknown };

const magicBytes = () => new TextEncoder().encode(RECORDING_MAGIC);

/** The bytes a recording starts with. */
export const recordingPreamble = (): Uint8Array => magicBytes();

/** One record's bytes. */
export const encodeRecordingEntry = (
  kind: keyof typeof RECORDING_KINDS,
  at: number,
  payload: Uint8Array,
): Uint8Array => {
  const out = new Uint8Array(RECORDING_RECORD_HEADER + payload.length);
  const view = new DataView(out.buffer);
  view.setUint8(0, RECORDING_KINDS[kind]);
  view.setUint32(1, payload.length);
  view.setFloat64(5, at);
  out.set(payload, RECORDING_RECORD_HEADER);
  return out;
};

/** Reads a whole recording; a cut-off last record (a crash while writing) is left out. */
export const parseRecording = (bytes: Uint8Array): RecordingEntry[] => {
  const magic = magicBytes();
  if (bytes.length < magic.length || magic.some((b, i) => bytes[i] !== b))
    throw new Error('not a session recording');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  const entries: RecordingEntry[] = [];
  let offset = magic.length;
  while (offset + RECORDING_RECORD_HEADER <= bytes.length) {
    const kind = view.getUint8(offset);
    const length = view.getUint32(offset + 1);
    const at = view.getFloat64(offset + 5);
    const start = offset + RECORDING_RECORD_HEADER;
    if (start + length > bytes.length) break;
    const payload = bytes.subarray(start, start + length);
    if (kind === RECORDING_KINDS.frame) entries.push({ kind: 'frame', at, bytes: payload });
    else if (kind === RECORDING_KINDS.input || kind === RECORDING_KINDS.event) {
      let data: unknown = null;
      try {
        data = JSON.parse(decoder.decode(payload));
      } catch {
        data = null;
      }
      entries.push({ kind: kind === RECORDING_KINDS.input ? 'input' : 'event', at, data });
    }
    offset = start + length;
  }
  return entries;
};
