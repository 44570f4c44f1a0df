import { describe, expect, it } from 'vitest';
import { createPacketSizeCheck, guardClientPackets } from './packet-guard';

/** A PUBLISH of `total` bytes in all: type byte, remaining length (fewest bytes that fit), then the body. */
const packetOf = (total: number): Buffer => {
  for (let lengthBytes = 1; lengthBytes <= 4; lengthBytes++) {
    const remaining = total - 1 - lengthBytes;
    if (remaining < 0 || remaining >= 128 ** lengthBytes) continue;
    const length = Array.from({ length: lengthBytes }, (_, i) => {
      const byte = Math.floor(remaining / 128 ** i) % 128;
      return i < lengthBytes - 1 ? byte | 0x80 : byte;
    });
    return Buffer.concat([Buffer.from([0x30, ...length]), Buffer.alloc(remaining)]);
  }
  throw new Error(`no packet of ${total} bytes`);
};

/** Feeds `bytes` to a fresh check in pieces of `size`; true when every piece passed. */
const feed = (max: number, bytes: Buffer, size = bytes.length) => {
  const fits = createPacketSizeCheck(max);
  for (let at = 0; at < bytes.length; at += size) if (!fits(bytes.subarray(at, at + size))) return false;
  return true;
};

describe('packet size check', () => {
  it('passes packets up to the limit and refuses one byte more, whatever the length encoding', () => {
    for (const max of [2, 127, 130, 16_386, 69_632]) {
      expect(feed(max, packetOf(max))).toBe(true);
      expect(feed(max, packetOf(max + 1))).toBe(false);
    }
  });

  it('follows packets across chunk boundaries, one byte at a time included', () => {
    const stream = Buffer.concat([packetOf(2), packetOf(300), packetOf(69_632), packetOf(5)]);
    for (const size of [1, 2, 3, 7, 1000, stream.length]) expect(feed(69_632, stream, size)).toBe(true);
    const withBig = Buffer.concat([packetOf(300), packetOf(69_633)]);
    for (const size of [1, 3, 1000]) expect(feed(69_632, withBig, size)).toBe(false);
  });

  it('refuses from the header alone, before the body arrives', () => {
    expect(feed(69_632, Buffer.from([0x30, 0xff, 0xff, 0xff, 0x7f]))).toBe(false);
    // The length bytes so far already exceed the limit: no need to wait for the last one.
    expect(feed(69_632, Buffer.from([0x30, 0xff, 0xff, 0xff]))).toBe(false);
    expect(feed(69_632, Buffer.from([0x30, 0x80, 0x80]))).toBe(true);
  });

  it('refuses a remaining length longer than MQTT allows', () => {
    expect(feed(Number.MAX_SAFE_INTEGER, Buffer.from([0x30, 0x80, 0x80, 0x80, 0x80, 0x01]))).toBe(false);
  });

  it('stays refused once a packet was too large', () => {
    const fits = createPacketSizeCheck(10);
    expect(fits(packetOf(11))).toBe(false);
    expect(fits(packetOf(2))).toBe(false);
  });
});

describe('guarded client', () => {
  const fakeClient = () => {
    const parsed: Buffer[] = [];
    const client = {
      _parser: { parse: (buf: Buffer) => parsed.push(buf) },
      conn: {
        destroyed: false,
        destroy() {
          this.destroyed = true;
        },
      },
    };
    return { client, parsed };
  };

  it('hands chunks that fit to the parser, and closes the connection at the first that does not', () => {
    const { client, parsed } = fakeClient();
    let warned = 0;
    guardClientPackets(client, 100, () => warned++);
    client._parser.parse(packetOf(100));
    expect(client.conn.destroyed).toBe(false);
    client._parser.parse(packetOf(101));
    expect(client.conn.destroyed).toBe(true);
    expect(warned).toBe(1);
    // What follows an oversized header never reaches the parser.
    client._parser.parse(packetOf(10));
    expect(parsed).toEqual([packetOf(100)]);
  });

  it('refuses a client without a parser to guard', () => {
    expect(() => guardClientPackets({ conn: { destroy: () => undefined } }, 100, () => undefined)).toThrow(
      /no packet parser/,
    );
  });
});
