/** The part of an MQTT client the live-events client uses (`connectMqttSocket` gives one). */
export type LiveTransport = {
  subscribe(topic: string, opts: { qos: 0 | 1 }): unknown;
  unsubscribe(topic: string): unknown;
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'message', listener: (topic: string, payload: Uint8Array) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  /** The connection closed; the transport retries by itself. */
  on(event: 'close', listener: () => void): unknown;
  end(force?: boolean): unknown;
  readonly connected: boolean;
};

/** Receives one live event: its JSON payload (undefined when not JSON) and its topic. */
export type LiveHandler = (payload: unknown, topic: string) => void;

type Entry = { handlers: Set<LiveHandler>; onConnect: Set<() => void> };

/**
 * Where the tab's live connection stands: `connecting` until the broker first answers, `live` while
 * events arrive, `lost` after a live connection dropped (what the page shows may be out of date).
 */
export type LiveStatus = 'connecting' | 'live' | 'lost';

const decoder = new TextDecoder();
const parse = (payload: Uint8Array): unknown => {
  try {
    return JSON.parse(decoder.decode(payload));
  } catch {
    return undefined;
  }
};

/**
 * One MQTT connection shared by everything in a tab that listens live. A topic is subscribed on the
 * broker when its first listener arrives and unsubscribed when its last one leaves; every topic is
 * subscribed again after a reconnect (sessions are clean), and listeners hear `onConnect` then, so they
 * can read again what they may have missed while offline.
 */
export const createLiveClient = (transport: LiveTransport) => {
  const topics = new Map<string, Entry>();
  const statusListeners = new Set<() => void>();
  let closed = false;
  let status: LiveStatus = transport.connected ? 'live' : 'connecting';
  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of [...statusListeners]) listener();
  };

  transport.on('connect', () => {
    setStatus('live');
    for (const [topic, entry] of topics) {
      transport.subscribe(topic, { qos: 0 });
      for (const listener of [...entry.onConnect]) listener();
    }
  });
  transport.on('message', (topic, payload) => {
    const entry = topics.get(topic);
    if (!entry) return;
    const body = parse(payload);
    for (const handler of [...entry.handlers]) handler(body, topic);
  });
  // A refused or dropped connection only delays live updates; the transport keeps retrying by itself.
  transport.on('error', () => undefined);
  transport.on('close', () => {
    if (!closed && status === 'live') setStatus('lost');
  });

  return {
    /** Listen on one topic; the returned function stops listening. */
    subscribe(topic: string, handler: LiveHandler, onConnect?: () => void): () => void {
      let entry = topics.get(topic);
      if (!entry) {
        entry = { handlers: new Set(), onConnect: new Set() };
        topics.set(topic, entry);
        if (transport.connected && !closed) transport.subscribe(topic, { qos: 0 });
      }
      const current = entry;
      // Wrapped so the same function can listen twice and each listening counts once.
      const own: LiveHandler = (payload, t) => handler(payload, t);
      const ownConnect = onConnect ? () => onConnect() : undefined;
      current.handlers.add(own);
      if (ownConnect) current.onConnect.add(ownConnect);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        current.handlers.delete(own);
        if (ownConnect) current.onConnect.delete(ownConnect);
        if (current.handlers.size === 0 && topics.get(topic) === current) {
          topics.delete(topic);
          if (transport.connected && !closed) transport.unsubscribe(topic);
        }
      };
    },
    /** How many listeners a topic has (0 when the broker is not subscribed to it). */
    listeners: (topic: string) => topics.get(topic)?.handlers.size ?? 0,
    /** Topics the broker is subscribed to for this tab. */
    topics: () => [...topics.keys()],
    /** Where the connection stands now. */
    status: () => status,
    /** Calls `listener` whenever the status changes; the returned function stops it. */
    onStatus(listener: () => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    /** Disconnect for good (sign-out). */
    close() {
      closed = true;
      topics.clear();
      statusListeners.clear();
      transport.end(true);
    },
  };
};

export type LiveClient = ReturnType<typeof createLiveClient>;
