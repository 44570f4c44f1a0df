import { isValidFilter, matchTopic } from './topics';

/**
 * Receives one message of a server-side subscription. A handler that answers a promise is waited for:
 * the delivery settles once it has (the embedded broker acknowledges a terminal's message then).
 */
export type MessageHandler = (topic: string, payload: Buffer) => unknown;

/** Settles once the handlers that answered a promise have; undefined when none did (the usual case). */
export type Delivery = Promise<void> | undefined;

/** How the registry asks the broker for one filter; called once per filter, not once per handler. */
export type FilterTransport = {
  /**
   * Subscribe `filter` on the broker; `id` tags its deliveries where the broker supports it. `shared`:
   * one subscription of the server instances' share group, so each message reaches one instance only.
   */
  add(filter: string, id: number, shared: boolean): Promise<void>;
  /** Drop the broker subscription of `filter` (the shared one when `shared`). */
  remove(filter: string, shared: boolean): Promise<void>;
};

/** Server-side handlers grouped by topic filter, delivered by filter, by subscription id or by matching. */
export type SubscriptionRegistry = {
  /**
   * Add a handler; the broker is subscribed on the first handler of a filter. A shared filter is a
   * subscription of its own, apart from the same filter unshared.
   */
  subscribe(filter: string, handler: MessageHandler, shared?: boolean): Promise<() => Promise<void>>;
  /** Deliver to the handlers of one filter (the broker already matched it). */
  deliverToFilter(filter: string, topic: string, payload: Buffer): Delivery;
  /** Deliver to the filters the broker named by subscription id; unknown ids are ignored. */
  deliverToIds(ids: readonly number[], topic: string, payload: Buffer): Delivery;
  /** Deliver to every filter matching `topic`, for brokers that do not name the subscription. */
  deliverMatching(topic: string, payload: Buffer): Delivery;
};

type Entry = {
  id: number;
  key: string;
  filter: string;
  shared: boolean;
  handlers: Set<MessageHandler>;
  /** The handlers as delivery reads them: a new array on every change, so a delivery never copies. */
  list: readonly MessageHandler[];
  ready: Promise<void>;
};

const noop = () => undefined;

const keyOf = (filter: string, shared: boolean) => (shared ? `$share ${filter}` : filter);

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
  // The entries as matching reads them: a new array on every change, so a delivery (every terminal
  // message, on the embedded broker) neither copies nor sees a change made by a handler it calls.
  let entries: readonly Entry[] = [];
  const reindex = () => {
    entries = [...byFilter.values()];
  };
  // Subscription identifiers are 1..268435455 in MQTT 5; wrapping is far beyond any real filter count.
  let nextId = 1;

  const drop = (entry: Entry): Promise<void> => {
    if (byFilter.get(entry.key) !== entry) return Promise.resolve();
    byFilter.delete(entry.key);
    byId.delete(entry.id);
    reindex();
    // Called synchronously so a later subscribe of the same filter is sent to the broker after this removal.
    return transport.remove(entry.filter, entry.shared);
  };

  /** Runs an entry's handlers, adding the promises they answer (failures reported) to `pending`. */
  const run = (entry: Entry, topic: string, payload: Buffer, pending: Promise<void>[] | null) => {
    if (!matchTopic(entry.filter, topic)) return pending;
    for (const handler of entry.list) {
      try {
        const answer = handler(topic, payload);
        if (answer instanceof Promise) {
          pending ??= [];
          pending.push(answer.then(noop, (error: unknown) => onHandlerError(error, topic)));
        }
      } catch (error) {
        onHandlerError(error, topic);
      }
    }
    return pending;
  };
  const settled = (pending: Promise<void>[] | null): Delivery =>
    pending ? Promise.all(pending).then(noop) : undefined;

  return {
    async subscribe(filter, handler, shared = false) {
      if (!isValidFilter(filter)) throw new Error(`invalid MQTT topic filter: ${JSON.stringify(filter)}`);
      const key = keyOf(filter, shared);
      let entry = byFilter.get(key);
      if (!entry) {
        const id = nextId++;
        entry = {
          id,
          key,
          filter,
          shared,
          handlers: new Set(),
          list: [],
          ready: transport.add(filter, id, shared),
        };
        byFilter.set(key, entry);
        byId.set(id, entry);
        reindex();
      }
      const current = entry;
      const change = (add: boolean) => {
        if (add) current.handlers.add(handler);
        else current.handlers.delete(handler);
        current.list = [...current.handlers];
      };
      change(true);
      try {
        await current.ready;
      } catch (error) {
        change(false);
        await drop(current).catch(() => undefined);
        throw error;
      }
      let active = true;
      return async () => {
        if (!active) return;
        active = false;
        change(false);
        if (current.handlers.size === 0) {
          await drop(current);
        }
      };
    },
    deliverToFilter(filter, topic, payload) {
      const entry = byFilter.get(filter);
      return entry ? settled(run(entry, topic, payload, null)) : undefined;
    },
    deliverToIds(ids, topic, payload) {
      let pending: Promise<void>[] | null = null;
      for (const id of new Set(ids)) {
        const entry = byId.get(id);
        if (entry) pending = run(entry, topic, payload, pending);
      }
      return settled(pending);
    },
    deliverMatching(topic, payload) {
      let pending: Promise<void>[] | null = null;
      for (const entry of entries) pending = run(entry, topic, payload, pending);
      return settled(pending);
    },
  };
};
