/** Events by name, each with the arguments its handlers take. */
export type EventMap = Record<string, unknown[]>;

/** A handler of one event; the emitter waits for it. */
export type EventHandler<Args extends unknown[]> = (...args: Args) => Promise<unknown> | undefined;

/** A typed in-process event bus: modules built later hear what modules built earlier emit. */
export type EventBus<Events extends EventMap> = {
  /** Adds a handler of `name`; answers a function that removes it. */
  on<K extends keyof Events>(name: K, handler: EventHandler<Events[K]>): () => void;
  /** Runs every handler of `name` together and resolves once all have; rejects with the first failure. */
  emit<K extends keyof Events>(name: K, ...args: Events[K]): Promise<void>;
};

/** A bus whose events are named in `Events`; an event nobody handles resolves at once. */
export const createEventBus = <Events extends EventMap>(): EventBus<Events> => {
  // Each set holds handlers of its own event only; `on` and `emit` keep names and arguments together.
  const handlers = new Map<keyof Events, Set<unknown>>();
  return {
    on(name, handler) {
      const set = handlers.get(name) ?? new Set();
      handlers.set(name, set);
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
    async emit(name, ...args) {
      const set = handlers.get(name);
      if (!set?.size) return;
      await Promise.all([...set].map((handler) => (handler as EventHandler<typeof args>)(...args)));
    },
  };
};
