import type { SignedInSession } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationNote } from '../../shared/operation-note';
import type { AuthRepository } from './auth.repository';

/**
 * The sessions page: one's own live sessions and, for an administrator, those of an account in their
 * data scope. Ending one goes the way every ending goes: the session row is ended, then the
 * connection registry is told, so every connection of that session closes on every instance.
 */
export const createUserSessionsService = (deps: {
  repo: Pick<AuthRepository, 'listOpenSessions' | 'endSessionOf' | 'findUserById'>;
  clock: Clock;
  sessionIdleMs: number;
  /** Whether an account lies in the caller's data scope. */
  accountVisible(auth: AuthContext, userId: string): Promise<boolean>;
  /** Told when sessions of a user ended, so their live connections close. */
  sessionsEnded?: (userIds: string[]) => void;
}) => {
  const { repo, clock } = deps;

  const list = async (userId: string, currentId: string): Promise<SignedInSession[]> => {
    const now = clock.now().getTime();
    return (await repo.listOpenSessions(userId))
      .filter((s) => now < s.expiresAt.getTime() && now - s.lastSeenAt.getTime() < deps.sessionIdleMs)
      .map((s) => ({
        id: s.id,
        userAgent: s.userAgent,
        ip: s.ip,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        current: s.id === currentId,
      }));
  };

  const end = async (userId: string, id: string, reason: 'logout' | 'kicked') => {
    if (!(await repo.endSessionOf(userId, id, reason, clock.now()))) throw new AppError('notFound');
    deps.sessionsEnded?.([userId]);
  };

  const mustSee = async (auth: AuthContext, userId: string) => {
    if (!(await deps.accountVisible(auth, userId))) throw new AppError('notFound');
  };

  return {
    /** The caller's live sessions, the calling one marked. */
    mine: (auth: AuthContext) => list(auth.userId, auth.sessionId),

    /** Ends one of the caller's sessions (the calling one too: that is signing out). */
    async endMine(auth: AuthContext, id: string) {
      await end(auth.userId, id, 'logout');
      return null;
    },

    /** An account's live sessions, for an administrator who sees the account. */
    async ofUser(auth: AuthContext, userId: string) {
      await mustSee(auth, userId);
      return list(userId, auth.sessionId);
    },

    /** Ends one session of an account the administrator sees. */
    async endOfUser(auth: AuthContext, note: OperationNote, userId: string, id: string) {
      await mustSee(auth, userId);
      const user = await repo.findUserById(userId);
      await end(userId, id, 'kicked');
      note.subject({ id: userId, name: user?.username ?? null, detail: id });
      return null;
    },
  };
};

export type UserSessionsService = ReturnType<typeof createUserSessionsService>;
