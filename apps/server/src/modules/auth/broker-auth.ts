import { isUpTopicOf, terminalFilters, userFilters } from '@cpm/contracts';
import { BROKER_BUSY, type BrokerAuth, type BrokerIdentity } from '../../gateway/broker';
import { isValidFilter } from '../../gateway/topics';
import type { AuthContext } from '../../plugins/auth-context';
import type { SessionConnections } from './session-connections';

/** True when an MQTT filter stays inside `cpm/user/{userId}/` (no wildcard in the user segment). */
export const isOwnUserFilter = (userId: string, filter: string) => {
  const own = userFilters.prefix(userId);
  return filter === userFilters.all(userId) || (filter.startsWith(own) && filter.length > own.length);
};

/** True when a terminal's filter stays inside its own `cpm/dev/{sn}/down/`. */
export const isOwnDownFilter = (sn: string, filter: string) => {
  const own = terminalFilters.prefix(sn, 'down');
  return (
    isValidFilter(filter) &&
    (filter === terminalFilters.down(sn) || (filter.startsWith(own) && filter.length > own.length))
  );
};

/**
 * Who may do what on the server's own broker. Console users connect to `/mqtt` with their session
 * token as the password and may subscribe only below their own `cpm/user/{id}/`; they never publish.
 * Terminals connect with username SN and password secret, publish only their own `up` topics and
 * subscribe only their own `down` topics. With an external broker (`devices: false`) terminals talk
 * to that broker, so the server's `/mqtt` refuses them.
 */
export const createBrokerAuth = (opts: {
  resolveSession: (token: string) => Promise<AuthContext | null>;
  authenticateDevice: (sn: string, secret: string) => Promise<{ sn: string } | null>;
  /** May one more terminal connect now (terminal admission)? Absent: always. */
  admitDevice?: () => boolean;
  devices: boolean;
  /** Where a console tab's connection is held with its session, which closes it when it ends. */
  connections?: Pick<SessionConnections, 'register'>;
}): BrokerAuth => ({
  async authenticate(username, password): Promise<BrokerIdentity | typeof BROKER_BUSY | null> {
    if (!password) return null;
    if (opts.devices && username) {
      // SNs are stored upper case, so only such a username can be a terminal; console tabs (username
      // `console`) are never held back by the terminals' admission.
      if (opts.admitDevice && username === username.toUpperCase() && !opts.admitDevice()) return BROKER_BUSY;
      const device = await opts.authenticateDevice(username, password);
      if (device) return { kind: 'device', sn: device.sn };
    }
    const session = await opts.resolveSession(password);
    return session ? { kind: 'user', userId: session.userId, sessionId: session.sessionId } : null;
  },
  canSubscribe: (identity, filter) =>
    identity.kind === 'user'
      ? isOwnUserFilter(identity.userId, filter)
      : isOwnDownFilter(identity.sn, filter),
  canPublish: (identity, topic) => identity.kind === 'device' && isUpTopicOf(identity.sn, topic),
  // Users subscribe below `cpm/user/`, terminals below their own `down/`; terminals publish only `up/`.
  onlyServerHearsDevices: true,
  hold: (identity, close) =>
    identity.kind === 'user' && opts.connections
      ? opts.connections.register({
          kind: 'live',
          sessionId: identity.sessionId,
          userId: identity.userId,
          close,
        })
      : () => {},
});

/** Console users only (no device gateway): kept for callers that have no terminals. */
export const createUserBrokerAuth = (resolve: (token: string) => Promise<AuthContext | null>): BrokerAuth =>
  createBrokerAuth({ resolveSession: resolve, authenticateDevice: async () => null, devices: false });
