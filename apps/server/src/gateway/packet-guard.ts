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
  _parser?: { parse(buf: Buffer): unknown };
  conn: { destroy(err?: Error): unknown };
};

/** A client's guard, kept on its parser. */
class Guard extends SizeCheck {
  constructor(
    maxPacketBytes: number,
    readonly parse: (buf: Buffer) => unknown,
    readonly conn: ParsingClient['conn'],
    readonly onTooLarge: () => void,
  ) {
    super(maxPacketBytes);
  }
}
const GUARD = Symbol('packet size guard');
type GuardedParser = { [GUARD]: Guard };

/**
 * The parse every guarded parser gets: one function for all clients, so the call Aedes makes for each
 * chunk always meets the same one, and its state is the parser's own.
 */
function guardedParse(this: GuardedParser, buf: Buffer) {
  const guard = this[GUARD];
  if (fits(guard, buf)) return guard.parse.call(this, buf);
  guard.onTooLarge();
  guard.conn.destroy();
  return 0;
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
 */
export const guardClientPackets = (client: unknown, maxPacketBytes: number, onTooLarge: () => void) => {
  const { _parser: parser, conn } = client as ParsingClient;
  if (typeof parser?.parse !== 'function')
    throw new Error('this Aedes client has no packet parser to guard; refusing the connection');
  const guard = new Guard(maxPacketBytes, parser.parse, conn, onTooLarge);
  Object.assign(parser, { [GUARD]: guard, parse: guardedParse });
};
