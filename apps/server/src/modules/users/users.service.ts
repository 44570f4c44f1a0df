import { ACCOUNT_STATE, type UserSave } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError, orNotFound } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { hashPassword } from '../../shared/crypto';
import type { OperationNote } from '../../shared/operation-note';
import { requireAddOrEdit } from '../../shared/permissions';
import type { GroupsRepository } from '../groups/groups.repository';
import type { Mailer } from '../mail/mailer';
import { MAIL, mailLang } from '../mail/templates';
import type { RolesRepository } from '../roles/roles.repository';
import type { RolesService } from '../roles/roles.service';
import type { UsersRepository } from './users.repository';

type CompleteInfo = {
  name: string;
  companyName: string;
  address: string;
  salesmanName: string;
  salesmanPhone: string;
  salesmanAddress: string;
};

/** Accounts: administration, review and the applicant's own details. */
export const createUsersService = (deps: {
  repo: UsersRepository;
  roles: RolesService;
  rolesRepo: RolesRepository;
  groups: GroupsRepository;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  /** Told when sessions of a user ended or their roles changed, so their connections are checked. */
  sessionsEnded?: (userIds: string[]) => void;
}) => {
  const { repo } = deps;
  /** Ends the user's sessions (but the one named) and has their live connections closed. */
  const endSessions = async (...args: Parameters<UsersRepository['endSessions']>) => {
    const ended = await repo.endSessions(...args);
    if (ended > 0) deps.sessionsEnded?.([args[0]]);
    return ended;
  };
  const mustFind = async (auth: AuthContext, id: string) => orNotFound(await repo.findVisible(auth, id));
  const notSelf = (auth: AuthContext, id: string) => {
    if (auth.userId === id) throw new AppError('cannotChangeSelf');
  };

  const checkRoles = async (auth: AuthContext, roleIds: string[]) => {
    const unique = [...new Set(roleIds)];
    for (const id of unique) {
      const role = await deps.rolesRepo.findVisible(auth, id);
      if (!role) throw new AppError('notFound');
      await deps.roles.assertAssignable(auth, role);
    }
    return unique;
  };

  return {
    async save(auth: AuthContext, note: OperationNote, body: UserSave) {
      requireAddOrEdit(auth, 'user:user', body.id);
      const existing = body.id ? await mustFind(auth, body.id) : null;
      if (await repo.usernameTaken(body.username, existing?.id)) throw new AppError('usernameTaken');
      if (!existing && !body.password) throw new AppError('passwordRequired');
      const superiorId = body.superiorId ?? existing?.superiorId ?? (existing ? null : auth.userId);
      if (superiorId) {
        await mustFind(auth, superiorId);
        if (existing && (await repo.subtreeIds(existing.id)).has(superiorId))
          throw new AppError('parentIsDescendant');
      }
      if (body.storeScopeGroupId && !(await deps.groups.findVisible(auth, body.storeScopeGroupId)))
        throw new AppError('notFound');
      const roleIds = await checkRoles(auth, body.roleIds);
      const before = existing ? await repo.roleIdsOf(existing.id) : [];
      const rolesChanged = roleIds.length !== before.length || roleIds.some((r) => !before.includes(r));
      if (existing?.id === auth.userId && (rolesChanged || !body.enabled))
        throw new AppError('cannotChangeSelf');
      const values = {
        username: body.username,
        name: body.name,
        email: body.email ?? null,
        phone: body.phone ?? null,
        description: body.description ?? null,
        systemLevel: body.systemLevel,
        storeScopeGroupId: body.storeScopeGroupId ?? null,
        superiorId,
        enabled: body.enabled,
        companyName: body.companyName ?? null,
        address: body.address ?? null,
        salesmanName: body.salesmanName ?? null,
        salesmanPhone: body.salesmanPhone ?? null,
        salesmanAddress: body.salesmanAddress ?? null,
        hardwareSmsAlert: body.hardwareSmsAlert,
        fenceEmailAlert: body.fenceEmailAlert,
        locationEnabled: body.locationEnabled,
        international: body.international,
      };
      const now = deps.clock.now();
      let id = existing?.id;
      if (existing) {
        await repo.update(existing.id, { ...values, updatedAt: now }, rolesChanged ? roleIds : undefined);
        if (existing.enabled && !body.enabled) await endSessions(existing.id, 'disabled', now);
        // Connections that need a permission the new roles do not grant close.
        else if (rolesChanged) deps.sessionsEnded?.([existing.id]);
      } else {
        id = await repo.insert(
          {
            ...values,
            passwordHash: await hashPassword(body.password as string),
            state: ACCOUNT_STATE.active,
            activatedAt: now,
          },
          roleIds,
        );
      }
      note.subject({ id, name: body.username });
      if (rolesChanged)
        note.also({ action: 'user.roles', detail: `roles ${before.length} -> ${roleIds.length}` });
      return { id: id as string };
    },

    async remove(auth: AuthContext, note: OperationNote, id: string) {
      notSelf(auth, id);
      const user = await mustFind(auth, id);
      if (await repo.hasDependents(id)) throw new AppError('userHasSubordinates');
      await repo.remove(id);
      note.subject({ id, name: user.username });
    },

    async setStatus(auth: AuthContext, note: OperationNote, id: string, enabled: boolean) {
      notSelf(auth, id);
      const user = await mustFind(auth, id);
      const now = deps.clock.now();
      await repo.update(id, { enabled, updatedAt: now });
      if (!enabled) await endSessions(id, 'disabled', now);
      note.subject({ id, name: user.username });
    },

    async resetPassword(auth: AuthContext, note: OperationNote, id: string, password: string) {
      const user = await mustFind(auth, id);
      const now = deps.clock.now();
      await repo.update(id, {
        passwordHash: await hashPassword(password),
        passwordChangedAt: now,
        updatedAt: now,
      });
      await endSessions(id, 'password', now, auth.userId === id ? auth.sessionId : undefined);
      note.subject({ id, name: user.username });
    },

    async kick(auth: AuthContext, note: OperationNote, id: string) {
      notSelf(auth, id);
      const user = await mustFind(auth, id);
      const ended = await endSessions(id, 'kicked', deps.clock.now());
      note.subject({ id, name: user.username, detail: `${ended} session(s)` });
      return { ended };
    },

    /** Approves or rejects an account waiting for review and tells the applicant by mail. */
    async audit(
      auth: AuthContext,
      note: OperationNote,
      body: { id: string; approve: boolean; reason?: string },
    ) {
      notSelf(auth, body.id);
      const user = await mustFind(auth, body.id);
      if (user.state !== ACCOUNT_STATE.pendingReview) throw new AppError('notInReview');
      const reason = body.approve ? null : (body.reason ?? '');
      const now = deps.clock.now();
      const moved = await repo.recordReview(
        user.id,
        [ACCOUNT_STATE.pendingReview],
        {
          state: body.approve ? ACCOUNT_STATE.active : ACCOUNT_STATE.rejected,
          rejectReason: reason,
          updatedAt: now,
        },
        {
          decision: body.approve ? 'approved' : 'rejected',
          reason,
          actorId: auth.userId,
          actorName: auth.username,
          at: now,
        },
      );
      // Another reviewer decided between the read above and this write.
      if (!moved) throw new AppError('notInReview');
      note.subject({ id: user.id, name: user.username, detail: reason });
      if (user.email) {
        const lang = mailLang(user);
        await deps.mailer.send(
          body.approve
            ? MAIL.approved(user.email, lang, user.username, `${deps.publicUrl}/login`)
            : MAIL.rejected(user.email, lang, user.username, reason ?? ''),
        );
      }
    },

    /** Every submission and decision of an account the caller may see, newest first. */
    async reviewHistory(auth: AuthContext, id: string) {
      const user = await mustFind(auth, id);
      return repo.reviewHistory(user.id);
    },

    /** The applicant's details; the account then waits for review. Allowed before review and after a rejection. */
    async completeInfo(auth: AuthContext, note: OperationNote, info: CompleteInfo) {
      const user = await repo.findById(auth.userId);
      if (!user) throw new AppError('notLoggedIn');
      if (user.state !== ACCOUNT_STATE.needsDetails && user.state !== ACCOUNT_STATE.rejected)
        throw new AppError('detailsNotExpected');
      const now = deps.clock.now();
      const moved = await repo.recordReview(
        user.id,
        [ACCOUNT_STATE.needsDetails, ACCOUNT_STATE.rejected],
        { ...info, state: ACCOUNT_STATE.pendingReview, rejectReason: null, updatedAt: now },
        { decision: 'submitted', reason: null, actorId: user.id, actorName: user.username, at: now },
      );
      if (!moved) throw new AppError('detailsNotExpected');
      note.subject({ id: user.id, name: user.username });
      return { verify: ACCOUNT_STATE.pendingReview };
    },
  };
};

export type UsersService = ReturnType<typeof createUsersService>;
