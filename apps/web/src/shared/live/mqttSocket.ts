import type { LiveTransport } from './liveClient';

/**
 * The console's MQTT client: MQTT 3.1.1 over a WebSocket, only what live events need (connect with
 * the session token, subscribe and unsubscribe at QoS 0, receive publishes, keep alive, reconnect).
 * A general client (mqtt.js) weighs 80 KB compressed in the browser; this is a few hundred lines,
 * so a signed-in page loads no more than it uses.
 */

export type MqttSocketOptions = {
  url: string;
  clientId: string;
  username: string;
  password: string;
  /** Seconds between pings when idle; the broker drops a client silent for 1.5 times this. */
  keepaliveSeconds?: number;
  /** Wait before reconnecting after the connection is lost or refused. */
  reconnectMs?: number;
  /** The WebSocket constructor (the browser's by default; tests pass Node's `ws`). */
  WebSocket?: new (
    url: string,
    protocols: string | string[],
  ) => WebSocket;
};

/** Packet types (the high nibble of the first byte). */
const CONNECT = 1;
const CONNACK = 2;
const PUBLISH = 3;
const PUBACK = 4;
const SUBSCRIBE = 8;
const UNSUBSCRIBE = 10;
const PINGREQ = 12;
const DISCONNECT = 14;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A UTF-8 string with its two-byte length, as MQTT writes strings. */
const str = (value: string): number[] => {
  const bytes = encoder.encode(value);
  return [bytes.length >> 8, bytes.length & 0xff, ...bytes];
};

/** The variable-length "remaining length" of a fixed header. */
const remainingLength = (length: number): number[] => {
  const out: number[] = [];
  let rest = length;
  do {
    let digit = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) digit |= 0x80;
    out.push(digit);
  } while (rest > 0);
  return out;
};

/** A whole packet: first byte, remaining length, body. */
export const packet = (firstByte: number, body: number[] = []): Uint8Array<ArrayBuffer> =>
  Uint8Array.from([firstByte, ...remainingLength(body.length), ...body]);

export const connectPacket = (o: {
  clientId: string;
  username: string;
  password: string;
  keepalive: number;
}) =>
  packet(CONNECT << 4, [
    ...str('MQTT'),
    4, // protocol level 3.1.1
    0x80 | 0x40 | 0x02, // user name, password, clean session
    o.keepalive >> 8,
    o.keepalive & 0xff,
    ...str(o.clientId),
    ...str(o.username),
    ...str(o.password),
  ]);

export const subscribePacket = (id: number, topic: string) =>
  packet((SUBSCRIBE << 4) | 0x02, [id >> 8, id & 0xff, ...str(topic), 0]);

export const unsubscribePacket = (id: number, topic: string) =>
  packet((UNSUBSCRIBE << 4) | 0x02, [id >> 8, id & 0xff, ...str(topic)]);

export type MqttPacket = { type: number; flags: number; body: Uint8Array };

/**
 * Splits a byte stream into packets: a WebSocket message may carry part of a packet or several.
 * Returns the packets complete so far; the rest waits for the next call.
 */
export const createPacketReader = () => {
  let buffer = new Uint8Array(0);
  return (chunk: Uint8Array): MqttPacket[] => {
    const joined = new Uint8Array(buffer.length + chunk.length);
    joined.set(buffer);
    joined.set(chunk, buffer.length);
    buffer = joined;
    const packets: MqttPacket[] = [];
    for (;;) {
      if (buffer.length < 2) break;
      let length = 0;
      let multiplier = 1;
      let index = 1;
      let complete = false;
      while (index < buffer.length && index <= 4) {
        const digit = buffer[index] as number;
        length += (digit & 0x7f) * multiplier;
        multiplier *= 128;
        index++;
        if ((digit & 0x80) === 0) {
          complete = true;
          break;
        }
      }
      if (!complete) {
        if (index > 4) throw new Error('malformed MQTT remaining length');
        break;
      }
      if (buffer.length < index + length) break;
      const first = buffer[0] as number;
      packets.push({ type: first >> 4, flags: first & 0x0f, body: buffer.slice(index, index + length) });
      buffer = buffer.slice(index + length);
    }
    return packets;
  };
};

/** Topic, payload and (for QoS 1 and 2) packet id of a PUBLISH. */
export const readPublish = (p: MqttPacket) => {
  const topicLength = ((p.body[0] as number) << 8) | (p.body[1] as number);
  const topic = decoder.decode(p.body.subarray(2, 2 + topicLength));
  const qos = (p.flags >> 1) & 0x03;
  let offset = 2 + topicLength;
  let id: number | null = null;
  if (qos > 0) {
    id = ((p.body[offset] as number) << 8) | (p.body[offset + 1] as number);
    offset += 2;
  }
  return { topic, qos, id, payload: p.body.subarray(offset) };
};

type Listeners = {
  connect: Set<() => void>;
  message: Set<(topic: string, payload: Uint8Array) => void>;
  error: Set<(err: Error) => void>;
  close: Set<() => void>;
};

/** Opens the connection at once and keeps it open (reconnecting) until `end`. */
export const connectMqttSocket = (options: MqttSocketOptions): LiveTransport => {
  const keepalive = options.keepaliveSeconds ?? 60;
  const reconnectMs = options.reconnectMs ?? 5_000;
  const Socket = options.WebSocket ?? WebSocket;
  const listeners: Listeners = { connect: new Set(), message: new Set(), error: new Set(), close: new Set() };
  let socket: WebSocket | null = null;
  let connected = false;
  let ended = false;
  let nextId = 1;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let lastHeard = Date.now();

  const emitError = (err: Error) => {
    for (const listener of listeners.error) listener(err);
  };
  const send = (bytes: Uint8Array<ArrayBuffer>) => {
    if (socket?.readyState === 1) socket.send(bytes);
  };
  const packetId = () => {
    const id = nextId;
    nextId = nextId >= 0xffff ? 1 : nextId + 1;
    return id;
  };

  const stopTimers = () => {
    clearInterval(pingTimer);
    pingTimer = undefined;
  };

  const scheduleReconnect = () => {
    if (ended || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      open();
    }, reconnectMs);
  };

  const handle = (p: MqttPacket) => {
    if (p.type === CONNACK) {
      const code = p.body[1] ?? 255;
      if (code !== 0) {
        emitError(new Error(`connection refused (${code})`));
        socket?.close();
        return;
      }
      connected = true;
      for (const listener of [...listeners.connect]) listener();
    } else if (p.type === PUBLISH) {
      const message = readPublish(p);
      if (message.qos === 1 && message.id !== null)
        send(packet(PUBACK << 4, [message.id >> 8, message.id & 0xff]));
      for (const listener of [...listeners.message]) listener(message.topic, message.payload);
    }
    // SUBACK, UNSUBACK and PINGRESP only prove the broker is there (see lastHeard).
  };

  const open = () => {
    if (ended) return;
    const read = createPacketReader();
    const ws = new Socket(options.url, 'mqtt');
    socket = ws;
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => {
      lastHeard = Date.now();
      send(
        connectPacket({
          clientId: options.clientId,
          username: options.username,
          password: options.password,
          keepalive,
        }),
      );
      pingTimer = setInterval(
        () => {
          // Silent for longer than the broker itself would allow: the link is dead, start again.
          if (Date.now() - lastHeard > keepalive * 1_500) return void ws.close();
          send(packet(PINGREQ << 4));
        },
        (keepalive * 1_000) / 2,
      );
    };
    ws.onmessage = (event: MessageEvent) => {
      if (socket !== ws) return;
      lastHeard = Date.now();
      try {
        for (const p of read(new Uint8Array(event.data as ArrayBuffer))) handle(p);
      } catch (err) {
        emitError(err as Error);
        ws.close();
      }
    };
    ws.onerror = () => emitError(new Error('live events connection failed'));
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      connected = false;
      stopTimers();
      scheduleReconnect();
      for (const listener of [...listeners.close]) listener();
    };
  };

  open();

  const on = (event: keyof Listeners, listener: (...args: never[]) => void) => {
    (listeners[event] as Set<unknown>).add(listener);
  };

  return {
    get connected() {
      return connected;
    },
    subscribe(topic: string) {
      send(subscribePacket(packetId(), topic));
    },
    unsubscribe(topic: string) {
      send(unsubscribePacket(packetId(), topic));
    },
    on: on as LiveTransport['on'],
    end() {
      ended = true;
      clearTimeout(retryTimer);
      stopTimers();
      const ws = socket;
      socket = null;
      connected = false;
      if (ws?.readyState === 1) ws.send(packet(DISCONNECT << 4));
      ws?.close();
    },
  };
};
