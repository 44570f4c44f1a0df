import type { LiveTransport } from './liveClient';

/** An in-memory stand-in for the MQTT connection that records what the live client asks of it. */
export const createFakeTransport = () => {
  const listeners = new Map<string, ((...args: never[]) => void)[]>();
  const calls: string[] = [];
  const fake = {
    connected: false,
    calls,
    ended: false,
    subscribe(topic: string) {
      calls.push(`sub ${topic}`);
    },
    unsubscribe(topic: string) {
      calls.push(`unsub ${topic}`);
    },
    on(event: string, listener: (...args: never[]) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return fake;
    },
    end() {
      fake.ended = true;
      fake.connected = false;
    },
    /** The broker accepted the connection (again). */
    connect() {
      fake.connected = true;
      for (const l of listeners.get('connect') ?? []) (l as () => void)();
    },
    /** The connection dropped. */
    drop() {
      fake.connected = false;
      for (const l of listeners.get('close') ?? []) (l as () => void)();
    },
    /** A message arrives from the broker. */
    deliver(topic: string, payload: string) {
      for (const l of listeners.get('message') ?? [])
        (l as (t: string, p: Uint8Array) => void)(topic, new TextEncoder().encode(payload));
    },
  };
  return fake satisfies LiveTransport;
};
