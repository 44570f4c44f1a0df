import { SessionsEndedSchema, systemTopics } from '@cpm/contracts';
import type { Broker } from '../../gateway/broker';
import { parseJsonMessage } from '../../shared/json-message';

/** The kinds of long-lived connection a console session can hold. */
export type SessionConnectionKind = 'live' | 'relayViewer' | 'relayController' | 'stream';

/** One long-lived connection a console session opened, and how to close it. */
export type SessionConnection = {
  kind: SessionConnectionKind;
  sessionId: string;
  userId: string;
  /** Permissions the connection needs while it lasts: a role change that removes one closes it. */
  permissions?: readonly string[];
  close(): void;
};

/** Live sessions among those asked for, each with the permissions its user holds now. */
export type LiveSessions = (ids: string[]) => Promise<Map<string, ReadonlySet<string>>>;

type Log = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * The one registry of the long-lived connections console sessions hold (live events on `/mqtt`, relay
 * viewers and controllers, streamed downloads). Ending a session in any way closes them all: an ending
 * or a role change is announced on the broker and acted on at once on every instance; a check of every
 * connection every `intervalMs` catches the idle and absolute limits that pass on their own.
 */
export const createSessionConnections = (opts: {
  liveSessions: LiveSessions;
  log: Log;
  intervalMs?: number;
}) => {
  const open = new Set<SessionConnection>();
  let broker: Broker | null = null;
  let stopWatching: (() => Promise<void>) | null = null;

  /** Closes the connections (of these users, or of everyone) whose session ended or lost a permission. */
  const check = async (userIds?: ReadonlySet<string>) => {
    // Only connections seen now: one that opens while the lookup runs was not looked up.
    const seen = [...open].filter((c) => !userIds || userIds.has(c.userId));
    if (seen.length === 0) return 0;
    const live = await opts.liveSessions([...new Set(seen.map((c) => c.sessionId))]);
    let closed = 0;
    for (const c of seen) {
      const granted = live.get(c.sessionId);
      if (granted && (c.permissions ?? []).every((p) => granted.has(p))) continue;
      if (!open.delete(c)) continue;
      closed++;
      try {
        c.close();
      } catch (err) {
        opts.log.warn({ err, kind: c.kind }, 'closing a connection of an ended session failed');
      }
    }
    return closed;
  };
  const failed = (err: unknown) => opts.log.error({ err }, 'closing connections of ended sessions failed');

  return {
    /** Holds a connection with its session until the returned release is called (it closed by itself). */
    register(connection: SessionConnection): () => void {
      const entry = { ...connection };
      open.add(entry);
      return () => {
        open.delete(entry);
      };
    },
    check,
    /**
     * Tells every instance (this one included) that sessions of these users ended or their grants
     * changed; without a broker only this one.
     */
    async announce(userIds: readonly string[]) {
      const unique = [...new Set(userIds)];
      if (unique.length === 0) return;
      if (broker)
        await broker.publish(systemTopics.sessionsEnded, JSON.stringify({ userIds: unique }), { qos: 1 });
      else await check(new Set(unique));
    },
    /** Open connections, of one kind or all (for tests and metrics). */
    count: (kind?: SessionConnectionKind) => [...open].filter((c) => !kind || c.kind === kind).length,
    /** Starts listening for announcements (on the broker, when there is one) and the periodic check. */
    async start(withBroker: Broker | null) {
      broker = withBroker;
      const unsubscribe = await broker?.subscribe(systemTopics.sessionsEnded, (topic, payload) => {
        const notice = parseJsonMessage(payload, SessionsEndedSchema);
        if (!notice) return opts.log.warn({ topic }, 'malformed session end notice ignored');
        check(new Set(notice.userIds)).catch(failed);
      });
      const timer = setInterval(() => check().catch(failed), opts.intervalMs ?? 30_000);
      timer.unref();
      stopWatching = async () => {
        clearInterval(timer);
        await unsubscribe?.();
      };
    },
    async stop() {
      await stopWatching?.();
      stopWatching = null;
      broker = null;
    },
  };
};

export type SessionConnections = ReturnType<typeof createSessionConnections>;
