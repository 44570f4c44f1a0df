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

/** What of an Aedes client the guard needs: the parser every byte it sends goes through, and its connection. */
type ParsingClient = {
  _parser?: { parse(buf: Buffer): unknown };
  conn: { destroy(err?: Error): unknown };
};

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
  const fits = createPacketSizeCheck(maxPacketBytes);
  const parse = parser.parse.bind(parser);
  parser.parse = (buf: Buffer) => {
    if (fits(buf)) return parse(buf);
    onTooLarge();
    conn.destroy();
    return 0;
  };
};
