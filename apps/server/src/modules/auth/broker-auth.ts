import type { BrokerAuth, BrokerIdentity } from '../../gateway/broker';
import type { AuthContext } from '../../plugins/auth-context';

/** True when an MQTT filter stays inside `cpm/user/{userId}/` (no wildcard in the user segment). */
export const isOwnUserFilter = (userId: string, filter: string) => {
  const own = `cpm/user/${userId}`;
  return filter === `${own}/#` || (filter.startsWith(`${own}/`) && filter.length > own.length + 1);
};

/**
 * Console users connect to `/mqtt` with their session token as the password and may subscribe
 * only below their own `cpm/user/{id}/`; they never publish. Terminal rules join with the device gateway.
 */
export const createUserBrokerAuth = (
  resolve: (token: string) => Promise<AuthContext | null>,
): BrokerAuth => ({
  async authenticate(_username, password): Promise<BrokerIdentity | null> {
    if (!password) return null;
    const session = await resolve(password);
    return session ? { kind: 'user', userId: session.userId } : null;
  },
  canSubscribe: (identity, filter) => identity.kind === 'user' && isOwnUserFilter(identity.userId, filter),
  canPublish: () => false,
});
