import { SessionsEndedSchema, systemTopics } from '@cpm/contracts';
import type { Broker } from '../../gateway/broker';

/** Tells every server instance (this one included) that sessions of these users ended. */
export const announceSessionsEnded = (broker: Broker, userIds: readonly string[]) =>
  broker.publish(systemTopics.sessionsEnded, JSON.stringify({ userIds: [...new Set(userIds)] }), { qos: 1 });

/**
 * Live connections end with their session: a console tab's `/mqtt` connection authenticated with a
 * session token is closed once that session has ended (logout, kick-out, disable, password reset)
 * or passed its idle or absolute limit. An ending announced on the broker is acted on at once on
 * every instance; a check of every connection every `intervalMs` catches the limits that pass on
 * their own.
 */
export const watchSessionConnections = async (opts: {
  broker: Broker;
  /** Which of these sessions are still alive. */
  liveSessionIds(ids: string[]): Promise<Set<string>>;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  intervalMs?: number;
}) => {
  /** Closes the connections (of these users, or of everyone) whose session is no longer alive. */
  const check = async (userIds?: ReadonlySet<string>) => {
    const concerned = (identity: ReturnType<Broker['connectedIdentities']>[number]) =>
      identity.kind === 'user' && (!userIds || userIds.has(identity.userId));
    const sessionIds = new Set(
      opts.broker
        .connectedIdentities()
        .flatMap((identity) => (identity.kind === 'user' && concerned(identity) ? [identity.sessionId] : [])),
    );
    if (sessionIds.size === 0) return 0;
    const live = await opts.liveSessionIds([...sessionIds]);
    // Only sessions that were looked up: a tab that connected while the lookup ran was not checked.
    return opts.broker.disconnect(
      (identity) =>
        identity.kind === 'user' &&
        concerned(identity) &&
        sessionIds.has(identity.sessionId) &&
        !live.has(identity.sessionId),
    );
  };
  const failed = (err: unknown) => opts.log.error({ err }, 'closing connections of ended sessions failed');

  const unsubscribe = await opts.broker.subscribe(systemTopics.sessionsEnded, (topic, payload) => {
    let body: unknown;
    try {
      body = JSON.parse(payload.toString('utf8'));
    } catch {
      body = undefined;
    }
    const parsed = SessionsEndedSchema.safeParse(body);
    if (!parsed.success) return opts.log.warn({ topic }, 'malformed session end notice ignored');
    check(new Set(parsed.data.userIds)).catch(failed);
  });
  const timer = setInterval(() => check().catch(failed), opts.intervalMs ?? 30_000);
  timer.unref();
  return {
    check,
    async stop() {
      clearInterval(timer);
      await unsubscribe();
    },
  };
};
