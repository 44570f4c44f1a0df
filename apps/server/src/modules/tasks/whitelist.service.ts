import type { WhitelistSave } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationNote } from '../../shared/operation-note';
import { pageOffset, toPage } from '../../shared/paging';
import type { WhitelistRepository } from './whitelist.repository';

/** Whitelists: named SN lists that narrow a task; one in use by an active task cannot be deleted. */
export const createWhitelistService = (deps: { repo: WhitelistRepository; clock: Clock }) => {
  const { repo, clock } = deps;
  const mustFind = async (auth: AuthContext, id: string) => {
    const row = await repo.findVisible(auth, id);
    if (!row) throw new AppError('taskWhitelistNotFound');
    return row;
  };
  return {
    async page(auth: AuthContext, q: { current: number; size: number; name?: string }) {
      const { records, total } = await repo.page(auth, q.name, pageOffset(q), q.size);
      return toPage(records, total, q);
    },

    options: (auth: AuthContext) => repo.all(auth),

    async entries(auth: AuthContext, q: { id: string; sn?: string; current: number; size: number }) {
      await mustFind(auth, q.id);
      const { records, total } = await repo.entries(auth, q.id, q.sn, pageOffset(q), q.size);
      return toPage(records, total, q);
    },

    async save(auth: AuthContext, note: OperationNote, body: WhitelistSave) {
      const now = clock.now();
      const sns = [...new Set(body.sns)];
      if (body.id) await mustFind(auth, body.id);
      const row = body.id
        ? await repo.update(body.id, { name: body.name, description: body.description }, sns, now)
        : await repo.insert(
            { name: body.name, description: body.description, ownerId: auth.userId, createdBy: auth.userId },
            sns,
            now,
          );
      if (!row) throw new AppError('taskWhitelistDuplicate');
      note.subject({ id: row.id, name: row.name, detail: sns.length ? `+${sns.length} SN` : null });
      return repo.rowOf(row);
    },

    async removeSns(auth: AuthContext, note: OperationNote, id: string, sns: string[]) {
      const row = await mustFind(auth, id);
      await repo.removeSns(id, [...new Set(sns)], clock.now());
      note.subject({ id, name: row.name, detail: `-${sns.length} SN` });
      return repo.rowOf(row);
    },

    async remove(auth: AuthContext, note: OperationNote, id: string) {
      const row = await mustFind(auth, id);
      note.subject({ id, name: row.name });
      if ((await repo.rowOf(row)).activeTasks > 0) throw new AppError('taskWhitelistInUse');
      await repo.remove(id);
    },
  };
};

export type WhitelistService = ReturnType<typeof createWhitelistService>;
