import { isValidFilter, matchTopic } from './topics';

/** Receives one message of a server-side subscription. */
export type MessageHandler = (topic: string, payload: Buffer) => void;

/** How the registry asks the broker for one filter; called once per filter, not once per handler. */
export type FilterTransport = {
  /** Subscribe `filter` on the broker; `id` tags its deliveries where the broker supports it. */
  add(filter: string, id: number): Promise<void>;
  /** Drop the broker subscription of `filter`. */
  remove(filter: string): Promise<void>;
};

/** Server-side handlers grouped by topic filter, delivered by filter, by subscription id or by matching. */
export type SubscriptionRegistry = {
  /** Add a handler; the broker is subscribed on the first handler of a filter. */
  subscribe(filter: string, handler: MessageHandler): Promise<() => Promise<void>>;
  /** Deliver to the handlers of one filter (the broker already matched it). */
  deliverToFilter(filter: string, topic: string, payload: Buffer): void;
  /** Deliver to the filters the broker named by subscription id; unknown ids are ignored. */
  deliverToIds(ids: readonly number[], topic: string, payload: Buffer): void;
  /** Deliver to every filter matching `topic`, for brokers that do not name the subscription. */
  deliverMatching(topic: string, payload: Buffer): void;
};

type Entry = { id: number; filter: string; handlers: Set<MessageHandler>; ready: Promise<void> };

/** Creates the registry; `onHandlerError` hears handler exceptions so one bad handler cannot stop delivery. */
export const createSubscriptionRegistry = ({
  transport,
  onHandlerError,
}: {
  transport: FilterTransport;
  onHandlerError: (error: unknown, topic: string) => void;
}): SubscriptionRegistry => {
  const byFilter = new Map<string, Entry>();
  const byId = new Map<number, Entry>();
  // Subscription identifiers are 1..268435455 in MQTT 5; wrapping is far beyond any real filter count.
  let nextId = 1;

  const drop = (entry: Entry): Promise<void> => {
    if (byFilter.get(entry.filter) !== entry) return Promise.resolve();
    byFilter.delete(entry.filter);
    byId.delete(entry.id);
    // Called synchronously so a later subscribe of the same filter is sent to the broker after this removal.
    return transport.remove(entry.filter);
  };

  const run = (entry: Entry, topic: string, payload: Buffer) => {
    if (!matchTopic(entry.filter, topic)) return;
    for (const handler of [...entry.handlers]) {
      try {
        handler(topic, payload);
      } catch (error) {
        onHandlerError(error, topic);
      }
    }
  };

  return {
    async subscribe(filter, handler) {
      if (!isValidFilter(filter)) throw new Error(`invalid MQTT topic filter: ${JSON.stringify(filter)}`);
      let entry = byFilter.get(filter);
      if (!entry) {
        const id = nextId++;
        entry = { id, filter, handlers: new Set(), ready: transport.add(filter, id) };
        byFilter.set(filter, entry);
        byId.set(id, entry);
      }
      const current = entry;
      current.handlers.add(handler);
      try {
        await current.ready;
      } catch (error) {
        current.handlers.delete(handler);
        await drop(current).catch(() => undefined);
        throw error;
      }
      let active = true;
      return async () => {
        if (!active) return;
        active = false;
        current.handlers.delete(handler);
        if (current.handlers.size === 0) {
          await drop(current);
        }
      };
    },
    deliverToFilter(filter, topic, payload) {
      const entry = byFilter.get(filter);
      if (entry) run(entry, topic, payload);
    },
    deliverToIds(ids, topic, payload) {
      for (const id of new Set(ids)) {
        const entry = byId.get(id);
        if (entry) run(entry, topic, payload);
      }
    },
    deliverMatching(topic, payload) {
      for (const entry of [...byFilter.values()]) run(entry, topic, payload);
    },
  };
};
