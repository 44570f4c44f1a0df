import mqttPacket from 'mqtt-packet';
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

  describe('with the real packet parser', () => {
    const publish = (topic: string, payload: string) =>
      mqttPacket.generate({
        cmd: 'publish',
        topic,
        payload: Buffer.from(payload),
        qos: 0,
        dup: false,
        retain: false,
      });
    const guarded = () => {
      const parser = mqttPacket.parser({ protocolVersion: 4 });
      const got: { topic: string; payload: string }[] = [];
      const packets: object[] = [];
      parser.on('packet', (packet) => {
        const p = packet as mqttPacket.IPublishPacket;
        packets.push(p);
        got.push({ topic: p.topic, payload: p.payload.toString() });
      });
      const client = { _parser: parser, conn: { destroy: () => undefined } };
      guardClientPackets(client, 1000, () => undefined);
      const state = parser as unknown as { packet: object };
      return { parser, got, packets, packet: () => state.packet };
    };

    it('leaves no packet of its own with an idle parser, and parses what follows as before', () => {
      const a = guarded();
      const b = guarded();
      a.parser.parse(publish('cpm/dev/SN1/up/heartbeat', '{"n":1}'));
      b.parser.parse(publish('cpm/dev/SN2/up/heartbeat', '{"n":2}'));
      // Between messages both parsers point at one shared empty packet, which nothing can fill.
      expect(a.packet()).toBe(b.packet());
      expect(Object.isFrozen(a.packet())).toBe(true);
      expect(a.packet()).toMatchObject({ cmd: null, topic: null, payload: null, length: -1 });

      // Two packets in one chunk, then one split across three chunks.
      const two = Buffer.concat([publish('t/1', 'one'), publish('t/2', 'two')]);
      a.parser.parse(two);
      const split = publish('t/3', 'three');
      a.parser.parse(split.subarray(0, 1));
      expect(a.packet()).not.toBe(b.packet());
      a.parser.parse(split.subarray(1, 4));
      a.parser.parse(split.subarray(4));
      expect(a.got).toEqual([
        { topic: 'cpm/dev/SN1/up/heartbeat', payload: '{"n":1}' },
        { topic: 't/1', payload: 'one' },
        { topic: 't/2', payload: 'two' },
        { topic: 't/3', payload: 'three' },
      ]);
      expect(a.packet()).toBe(b.packet());
      // Every message was a packet of its own.
      expect(new Set(a.packets).size).toBe(4);
      expect(a.packets).not.toContain(a.packet());
    });
  });
});
