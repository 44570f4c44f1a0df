import type { Db } from '../../db/client';
import type { Clock } from '../../shared/clock';
import { hashPassword, newToken } from '../../shared/crypto';
import { createAuthRepository } from '../auth/auth.repository';
import { enterpriseOf } from '../registry/request-counters.repository';
import { createUsersRepository } from '../users/users.repository';
import type { SsoAccount } from './sso.signin.service';

const accountOf = (u: { id: string; username: string; enabled: boolean } | null): SsoAccount | null =>
  u ? { id: u.id, username: u.username, enabled: u.enabled } : null;

/** The accounts single sign-on reads, creates on first sign-in and keeps in step with provider groups. */
export const createSsoAccountsRepository = (db: Db, clock: Clock) => {
  const users = createUsersRepository(db);
  const auth = createAuthRepository(db);
  return {
    findById: async (id: string) => accountOf(await users.findById(id)),
    findByUsername: async (username: string) => accountOf(await auth.findUserByUsername(username)),
    enterpriseOf: (userId: string) => enterpriseOf(db, userId),
    /** A new account below the enterprise; its password is random and never told, so only SSO signs it in. */
    async create(a: {
      username: string;
      name: string;
      email: string | null;
      enterpriseId: string;
      roleIds: string[];
      state: number;
    }) {
      const now = clock.now();
      return users.insert(
        {
          username: a.username,
          name: a.name,
          email: a.email,
          superiorId: a.enterpriseId,
          passwordHash: await hashPassword(newToken()),
          state: a.state,
          activatedAt: now,
          createdAt: now,
          updatedAt: now,
        },
        a.roleIds,
      );
    },
    setRoles: (userId: string, roleIds: string[]) =>
      users.update(userId, { updatedAt: clock.now() }, roleIds),
  };
};
