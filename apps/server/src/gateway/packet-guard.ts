import { Duplex } from 'node:stream';

/**
 * Follows the MQTT fixed headers in a byte stream, chunk by chunk, and answers false from the first
 * chunk in which a packet announces more than `maxPacketBytes` in all (or a length MQTT cannot encode).
 * Only the headers are read: a packet's body is skipped by its announced length.
 */
export const createPacketSizeCheck = (maxPacketBytes: number) => {
  let state: 'type' | 'length' | 'body' = 'type';
  let length = 0;
  let lengthBytes = 0;
  let remaining = 0;
  let failed = false;
  return (chunk: Uint8Array): boolean => {
    let i = 0;
    while (!failed && i < chunk.length) {
      if (state === 'body') {
        const skipped = Math.min(remaining, chunk.length - i);
        remaining -= skipped;
        i += skipped;
        if (remaining === 0) state = 'type';
        continue;
      }
      const byte = chunk[i++];
      if (state === 'type') {
        state = 'length';
        length = 0;
        lengthBytes = 0;
        continue;
      }
      // Remaining length: 7 bits a byte, least significant first, at most 4 bytes.
      length += (byte & 0x7f) * 128 ** lengthBytes;
      lengthBytes++;
      if (1 + lengthBytes + length > maxPacketBytes) failed = true;
      else if (byte & 0x80) failed = lengthBytes === 4;
      else {
        remaining = length;
        state = remaining === 0 ? 'type' : 'body';
      }
    }
    return !failed;
  };
};

/** The error a guarded stream fails with when a packet is over the limit. */
export class PacketTooLargeError extends Error {
  constructor(maxPacketBytes: number) {
    super(`MQTT packet larger than ${maxPacketBytes} bytes`);
    this.name = 'PacketTooLargeError';
  }
}

/**
 * `inner` (a TCP socket or a WebSocket stream) as a stream that fails with PacketTooLargeError, and
 * destroys `inner`, as soon as an incoming packet announces more than `maxPacketBytes`: what MQTT
 * would otherwise buffer whole before anyone could look at it. Writes go straight through.
 */
export const guardPacketSize = (inner: Duplex, maxPacketBytes: number): Duplex =>
  new PacketSizeGuard(inner, maxPacketBytes);

class PacketSizeGuard extends Duplex {
  readonly #inner: Duplex;
  #innerEnded = false;

  constructor(inner: Duplex, maxPacketBytes: number) {
    super({ allowHalfOpen: false });
    this.#inner = inner;
    const fits = createPacketSizeCheck(maxPacketBytes);
    inner.on('data', (chunk: Buffer) => {
      if (!fits(chunk)) return this.destroy(new PacketTooLargeError(maxPacketBytes));
      if (!this.push(chunk)) inner.pause();
    });
    inner.once('end', () => {
      this.#innerEnded = true;
      this.push(null);
    });
    inner.on('error', (err) => this.destroy(err));
    inner.once('close', () => {
      // After a clean end, what is still buffered here is read first, as it would be from `inner` itself;
      // our own end then closes us. Anything else (reset, error) closes us now.
      if (!this.#innerEnded) this.destroy();
    });
  }

  override _read() {
    this.#inner.resume();
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (err?: Error | null) => void) {
    if (this.#inner.destroyed) return callback(new Error('connection closed'));
    if (this.#inner.write(chunk, encoding)) return callback();
    this.#inner.once('drain', () => callback());
  }

  override _final(callback: (err?: Error | null) => void) {
    if (!this.#inner.writableEnded && !this.#inner.destroyed) this.#inner.end();
    callback();
  }

  override _destroy(err: Error | null, callback: (err?: Error | null) => void) {
    this.#inner.destroy();
    callback(err);
  }
}
