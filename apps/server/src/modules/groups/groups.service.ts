import type { GroupSave } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError, orNotFound } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { requireAddOrEdit } from '../../shared/permissions';
import { buildGroupTree, filterTree, subtreeIds } from './group-tree';
import type { GroupUsageCheck } from './group-usage.repository';
import type { GroupRow, GroupsRepository } from './groups.repository';

const present = (r: GroupRow) => ({
  id: r.id,
  parentId: r.parentId,
  name: r.name,
  number: r.number,
  type: r.type,
  areaCode: r.areaCode,
  address: r.address,
  contact: r.contact,
  phone: r.phone,
  timeZone: r.timeZone,
  ownerId: r.ownerId,
  sort: r.sort,
});

/** Rules of the terminal-group tree. */
export const createGroupsService = (deps: {
  repo: GroupsRepository;
  clock: Clock;
  usageChecks: readonly GroupUsageCheck[];
  /** Whether an account is inside the caller's tree (for a platform administrator's choice of owner). */
  accountVisible(auth: AuthContext, accountId: string): Promise<boolean>;
}) => {
  const { repo } = deps;
  const mustFind = async (auth: AuthContext, id: string) => orNotFound(await repo.findVisible(auth, id));

  /** The parent must be visible, of the same owner, and not the group itself or below it. */
  const checkParent = async (
    auth: AuthContext,
    groupId: string | null,
    parentId: string,
    ownerId: string,
  ) => {
    const parent = await mustFind(auth, parentId);
    if (parent.ownerId !== ownerId) throw new AppError('parentIsDescendant');
    if (groupId && subtreeIds(await repo.listByOwner(ownerId), groupId).has(parentId))
      throw new AppError('parentIsDescendant');
    return parent;
  };

  return {
    /** The visible tree, optionally only branches whose name or number contains the keyword. */
    async tree(auth: AuthContext, keyword?: string) {
      const tree = buildGroupTree((await repo.listVisible(auth)).map(present));
      if (!keyword) return tree;
      const k = keyword.toLowerCase();
      return filterTree(tree, (n) => n.name.toLowerCase().includes(k) || n.number.toLowerCase().includes(k));
    },

    async save(auth: AuthContext, body: GroupSave) {
      requireAddOrEdit(auth, 'user:group', body.id);
      const existing = body.id ? await mustFind(auth, body.id) : null;
      let ownerId = existing?.ownerId ?? auth.userId;
      if (!existing && body.parentId) ownerId = (await mustFind(auth, body.parentId)).ownerId;
      else if (!existing && body.ownerId && body.ownerId !== auth.userId) {
        if (!(await deps.accountVisible(auth, body.ownerId))) throw new AppError('notFound');
        ownerId = body.ownerId;
      }
      const parentId = body.parentId ?? null;
      if (parentId) await checkParent(auth, existing?.id ?? null, parentId, ownerId);
      const clash = await repo.findByNumber(ownerId, body.number);
      if (clash && clash.id !== existing?.id) throw new AppError('groupNumberTaken');
      const values = {
        name: body.name,
        number: body.number,
        type: body.type,
        parentId,
        areaCode: body.areaCode ?? null,
        address: body.address ?? null,
        contact: body.contact ?? null,
        phone: body.phone ?? null,
        timeZone: body.timeZone || null,
        sort: body.sort,
      };
      if (existing) {
        await repo.update(existing.id, { ...values, updatedAt: deps.clock.now() });
        return { id: existing.id };
      }
      return { id: await repo.insert({ ...values, ownerId }) };
    },

    async move(auth: AuthContext, id: string, parentId: string | null) {
      const group = await mustFind(auth, id);
      if (parentId) await checkParent(auth, id, parentId, group.ownerId);
      await repo.update(id, { parentId, updatedAt: deps.clock.now() });
    },

    async remove(auth: AuthContext, id: string) {
      const group = await mustFind(auth, id);
      const siblings = await repo.listByOwner(group.ownerId);
      if (siblings.some((g) => g.parentId === id)) throw new AppError('groupHasChildren');
      for (const check of deps.usageChecks) if (await check([id])) throw new AppError('groupInUse');
      await repo.remove(id);
    },
  };
};

export type GroupsService = ReturnType<typeof createGroupsService>;
