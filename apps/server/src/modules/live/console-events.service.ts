import {
  type AlertEvent,
  type FleetEvent,
  type JobEvent,
  type NoticeEvent,
  type TaskEvent,
  type UserEventKind,
  userTopic,
} from '@cpm/contracts';
import type { Clock } from '../../shared/clock';
import type { ConsoleEventsRepository } from './console-events.repository';

/** What each kind of console event carries; kinds without a fixed schema take any JSON value. */
export type ConsoleEventPayload<K extends UserEventKind> = K extends 'notice'
  ? NoticeEvent
  : K extends 'device'
    ? FleetEvent
    : K extends 'job'
      ? JobEvent
      : K extends 'task'
        ? TaskEvent
        : K extends 'alert'
          ? AlertEvent
          : unknown;

/** How the service reaches the broker; null while there is none (tests, broker off). */
export type ConsolePublish = (topic: string, payload: string, opts: { qos: 0 | 1 }) => Promise<void>;

type Log = { warn(obj: object, msg: string): void };

/** How long the audience of an account is trusted before it is read again. */
const AUDIENCE_TTL_MS = 60_000;
const AUDIENCE_CACHE_MAX = 50_000;

/**
 * The one way the server tells console tabs something live: every event goes to
 * `cpm/user/{userId}/{kind}` through here. A failed publish is logged with the user, kind and topic
 * and answered with false; callers that fan out to many users keep going.
 */
export const createConsoleEvents = (deps: {
  /** The broker's publish, or null when the server runs without one. Read on every call. */
  publish: () => ConsolePublish | null;
  repo: ConsoleEventsRepository;
  clock: Clock;
  log: Log;
}) => {
  const audiences = new Map<string, { ids: string[]; until: number }>();

  const send = async (userId: string, kind: UserEventKind, json: string, qos: 0 | 1): Promise<boolean> => {
    const publish = deps.publish();
    if (!publish) return false;
    const topic = userTopic(userId, kind);
    try {
      await publish(topic, json, { qos });
      return true;
    } catch (err) {
      deps.log.warn({ err, userId, kind, topic }, 'console event not sent');
      return false;
    }
  };

  /** The same event to many users; resolves to how many were sent. */
  const publishToUsers = async <K extends UserEventKind>(
    userIds: readonly string[],
    kind: K,
    payload: ConsoleEventPayload<K>,
    opts: { qos?: 0 | 1 } = {},
  ): Promise<number> => {
    const json = JSON.stringify(payload);
    const sent = await Promise.all(userIds.map((id) => send(id, kind, json, opts.qos ?? 0)));
    return sent.filter(Boolean).length;
  };

  /** Users who may see the terminals an account owns (the account, those above it, platform admins); cached a minute. */
  const audienceOf = async (ownerId: string): Promise<string[]> => {
    const now = deps.clock.now().getTime();
    const cached = audiences.get(ownerId);
    if (cached && cached.until > now) return cached.ids;
    const ids = await deps.repo.findAudienceOf(ownerId);
    if (audiences.size >= AUDIENCE_CACHE_MAX) audiences.clear();
    audiences.set(ownerId, { ids, until: now + AUDIENCE_TTL_MS });
    return ids;
  };

  return {
    /** True when a broker is there to carry events (callers may skip building payloads otherwise). */
    enabled: () => deps.publish() !== null,

    /**
     * One event to one user's tabs, e.g. `publishToUser(userId, 'job', jobEvent)`. QoS 0
     * by default: a lost event costs freshness only, the console reads again on the next one. Resolves
     * to false (and logs why) when it could not be sent; never rejects.
     */
    publishToUser: <K extends UserEventKind>(
      userId: string,
      kind: K,
      payload: ConsoleEventPayload<K>,
      opts: { qos?: 0 | 1 } = {},
    ): Promise<boolean> => send(userId, kind, JSON.stringify(payload), opts.qos ?? 0),

    publishToUsers,
    audienceOf,

    /** One event to every user who may see the terminals of `ownerId`; resolves to how many were sent. */
    async publishToTerminalAudience<K extends UserEventKind>(
      ownerId: string,
      kind: K,
      payload: ConsoleEventPayload<K>,
    ): Promise<number> {
      return publishToUsers(await audienceOf(ownerId), kind, payload);
    },
  };
};

export type ConsoleEvents = ReturnType<typeof createConsoleEvents>;
