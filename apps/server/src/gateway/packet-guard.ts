const TYPE = 0;
const LENGTH = 1;
const BODY = 2;

/**
 * Where a size check stands in a client's byte stream (see `createPacketSizeCheck`). A class, so every
 * check has one shape from its first field on: the check runs on every chunk every client sends, and
 * checks built by spreading a literal were read through V8's slowest property path each time.
 */
class SizeCheck {
  /** Reading a packet's first byte, its remaining length, or skipping its body. */
  state: 0 | 1 | 2 = TYPE;
  length = 0;
  lengthBytes = 0;
  /** What the next remaining-length byte counts for: 1, 128, 128² or 128³. */
  scale = 1;
  remaining = 0;
  failed = false;
  constructor(readonly maxPacketBytes: number) {}
}

/** Feeds one chunk to a size check; false from the first chunk with a packet over the limit. */
const fits = (c: SizeCheck, chunk: Uint8Array): boolean => {
  let i = 0;
  while (!c.failed && i < chunk.length) {
    if (c.state === BODY) {
      const skipped = Math.min(c.remaining, chunk.length - i);
      c.remaining -= skipped;
      i += skipped;
      if (c.remaining === 0) c.state = TYPE;
      continue;
    }
    const byte = chunk[i++];
    if (c.state === TYPE) {
      c.state = LENGTH;
      c.length = 0;
      c.lengthBytes = 0;
      c.scale = 1;
      continue;
    }
    // Remaining length: 7 bits a byte, least significant first, at most 4 bytes.
    c.length += (byte & 0x7f) * c.scale;
    c.scale *= 128;
    c.lengthBytes++;
    if (1 + c.lengthBytes + c.length > c.maxPacketBytes) c.failed = true;
    else if (byte & 0x80) c.failed = c.lengthBytes === 4;
    else {
      c.remaining = c.length;
      c.state = c.remaining === 0 ? TYPE : BODY;
    }
  }
  return !c.failed;
};

/**
 * Follows the MQTT fixed headers in a byte stream, chunk by chunk, and answers false from the first
 * chunk in which a packet announces more than `maxPacketBytes` in all (or a length MQTT cannot encode).
 * Only the headers are read: a packet's body is skipped by its announced length.
 */
export const createPacketSizeCheck = (maxPacketBytes: number) => {
  const check = new SizeCheck(maxPacketBytes);
  return (chunk: Uint8Array): boolean => fits(check, chunk);
};

/** What of an Aedes client the guard needs: the parser every byte it sends goes through, and its connection. */
type ParsingClient = {
  _parser?: PacketParser;
  conn: { destroy(err?: Error): unknown };
};

/**
 * What of mqtt-packet's parser the guard reads: the packet it fills next (`length` -1 until its header
 * is read) and the step it is at (0: the next byte starts a packet).
 */
type PacketParser = {
  parse(buf: Buffer): number;
  packet?: { length: number };
  _stateCounter?: number;
};
type PacketShape = NonNullable<PacketParser['packet']>;

/** A client's guard, kept on its parser. */
class Guard extends SizeCheck {
  constructor(
    maxPacketBytes: number,
    readonly parse: (buf: Buffer) => number,
    readonly conn: ParsingClient['conn'],
    readonly onTooLarge: () => void,
    /** The parser's packet class, and one empty packet every idle parser of that class shares. */
    readonly newPacket: (new () => PacketShape) | undefined,
    readonly idle: PacketShape | undefined,
  ) {
    super(maxPacketBytes);
  }
}

/** One shared empty packet per packet class (the parser's own, whichever copy of mqtt-packet it is). */
const idlePackets = new WeakMap<object, PacketShape>();
const GUARD = Symbol('packet size guard');
type GuardedParser = { [GUARD]: Guard };

/**
 * The parse every guarded parser gets: one function for all clients, so the call Aedes makes for each
 * chunk always meets the same one, and its state is the parser's own.
 */
function guardedParse(this: GuardedParser & PacketParser, buf: Buffer) {
  const guard = this[GUARD];
  if (!fits(guard, buf)) {
    guard.onTooLarge();
    guard.conn.destroy();
    return 0;
  }
  const { newPacket, idle } = guard;
  if (!newPacket) return guard.parse.call(this, buf);
  // The packet this chunk fills is made now, not when the last one ended (see `guardClientPackets`).
  if (this.packet === idle) this.packet = new newPacket();
  const left = guard.parse.call(this, buf);
  if (left === 0 && this._stateCounter === 0 && this.packet?.length === -1) this.packet = idle;
  return left;
}

/**
 * Checks every chunk an Aedes client sends before its packet parser sees it, and closes the
 * connection (calling `onTooLarge`) from the first chunk in which a packet announces more than
 * `maxPacketBytes`: what the parser would otherwise buffer whole before anyone could look at it.
 *
 * Aedes reads a connection only to hand each chunk to this parser, so checking there sees exactly the
 * bytes a stream in front of the socket would, without a second stream between the socket and Aedes:
 * that stream cost every outgoing packet's pieces a socket write each (Aedes corks them into one)
 * and a stream hop each way, a sixth of the broker's time under 2,000 messages a second. The parser is
 * Aedes's own (`_parser`); an Aedes without one refuses the connection here rather than go unguarded,
 * and the broker tests send an oversized packet on TCP and on `/mqtt`.
 *
 * Between chunks the guard also keeps the parser from holding a packet of its own: mqtt-packet makes
 * the next packet as soon as one ends, and a terminal heard from every few seconds kept it that long,
 * long enough to be moved to the old generation, where the topic and payload later written into it
 * were kept alive by it past their message and moved there too. Ten thousand terminals moved 0.7 MB
 * a second into the old generation that way, and every collection of it marks the whole
 * server's heap. An idle parser now points at one shared empty packet, replaced by a new one when
 * its next chunk arrives.
 */
export const guardClientPackets = (client: unknown, maxPacketBytes: number, onTooLarge: () => void) => {
  const { _parser: parser, conn } = client as ParsingClient;
  if (typeof parser?.parse !== 'function')
    throw new Error('this Aedes client has no packet parser to guard; refusing the connection');
  // A parser without the packet fields this reads (another parser than mqtt-packet's) keeps its own.
  const first = parser.packet;
  const newPacket =
    first && first.length === -1 && typeof parser._stateCounter === 'number'
      ? (first.constructor as new () => PacketShape)
      : undefined;
  let idle = newPacket && idlePackets.get(newPacket);
  if (newPacket && !idle) {
    idle = Object.freeze(new newPacket());
    idlePackets.set(newPacket, idle);
  }
  const guard = new Guard(maxPacketBytes, parser.parse, conn, onTooLarge, newPacket, idle);
  Object.assign(parser, { [GUARD]: guard, parse: guardedParse });
};
