import type { ConsoleEvents } from '../live/console-events.service';

/** A change the console shows live: a terminal came online, went offline, changed status or data. */
export type FleetChange = {
  sn: string;
  ownerId: string;
  online?: boolean;
  status?: string;
  /** The group a terminal moved to. */
  groupId?: string;
  kind: string;
};

/** How long changes are collected before they are sent (tests shorten it). */
export const FLEET_EVENTS_FLUSH_MS = 1_000;
const MAX_CHANGES_PER_MESSAGE = 200;

/**
 * Collects fleet changes and tells every console user who may see them, at most once a second per
 * user, on their `device` topic: the owner account, the accounts above it, and platform administrators.
 */
export const createFleetEvents = (deps: {
  console: ConsoleEvents;
  log: { error(obj: object, msg: string): void };
  flushMs?: number;
  /** Hears every change as it is queued, whether or not a console listens (webhooks). */
  heard?: (changes: FleetChange[]) => void;
}) => {
  const flushMs = deps.flushMs ?? FLEET_EVENTS_FLUSH_MS;
  const pending: FleetChange[] = [];
  let timer: NodeJS.Timeout | undefined;

  const flush = async () => {
    timer = undefined;
    const changes = pending.splice(0);
    if (changes.length === 0) return;
    const byUser = new Map<string, FleetChange[]>();
    for (const change of changes) {
      for (const userId of await deps.console.audienceOf(change.ownerId)) {
        const list = byUser.get(userId) ?? [];
        list.push(change);
        byUser.set(userId, list);
      }
    }
    await Promise.all(
      [...byUser].map(([userId, list]) =>
        deps.console.publishToUser(userId, 'device', {
          type: 'terminals',
          more: list.length > MAX_CHANGES_PER_MESSAGE,
          changes: list.slice(0, MAX_CHANGES_PER_MESSAGE).map(({ ownerId: _o, ...c }) => c),
        }),
      ),
    );
  };

  const flushLogged = () => flush().catch((err: unknown) => deps.log.error({ err }, 'fleet events not sent'));

  return {
    /** Queue changes; they leave within a second. */
    emit(...changes: FleetChange[]) {
      if (changes.length) deps.heard?.(changes);
      if (!deps.console.enabled() || changes.length === 0) return;
      pending.push(...changes);
      timer ??= setTimeout(() => void flushLogged(), flushMs);
    },
    /** Send what is queued now (shutdown, tests). */
    flush: async () => {
      if (timer) clearTimeout(timer);
      await flushLogged();
    },
  };
};

export type FleetEvents = ReturnType<typeof createFleetEvents>;
