import type { RoleSave } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationNote } from '../../shared/operation-note';
import { requireAddOrEdit, requirePermission } from '../../shared/permissions';
import { refuseOnUniqueViolation } from '../../shared/sql';
import type { MenusRepository } from '../menus/menus.repository';
import { buildSysMenuTree, grantableRows } from '../menus/sys-menu-tree';
import type { RoleRecord, RolesRepository } from './roles.repository';

/** Roles and their grants. Nobody grants beyond what they hold themselves. */
export const createRolesService = (deps: {
  repo: RolesRepository;
  menus: Pick<MenusRepository, 'findAll'>;
  clock: Clock;
  /** Permission keys a role grants (enabled menu entries). */
  permissionsOfRole(roleId: string): Promise<Set<string>>;
  /** Told when what these users are granted changed, so connections needing a lost permission close. */
  grantsChanged?: (userIds: string[]) => void;
}) => {
  const { repo } = deps;

  const grantableIds = async (auth: AuthContext) => {
    const all = await deps.menus.findAll();
    return auth.dataScope === 'all'
      ? { rows: all, ids: new Set(all.map((r) => r.id)) }
      : (() => {
          const rows = grantableRows(all, auth.permissions);
          return { rows, ids: new Set(rows.map((r) => r.id)) };
        })();
  };

  /** A role the caller may hand to a user: visible, and granting nothing the caller lacks. */
  const assertAssignable = async (auth: AuthContext, role: RoleRecord) => {
    if (auth.dataScope === 'all') return;
    if (role.dataScope === 'all') throw new AppError('roleNotAssignable');
    for (const key of await deps.permissionsOfRole(role.id))
      if (!auth.permissions.has(key)) throw new AppError('roleNotAssignable');
  };

  return {
    assertAssignable,

    async grantableTree(auth: AuthContext) {
      return buildSysMenuTree((await grantableIds(auth)).rows);
    },

    /** Enabled roles the caller may assign. */
    async options(auth: AuthContext) {
      const out = [];
      for (const role of await repo.listVisible(auth)) {
        if (!role.enabled) continue;
        try {
          await assertAssignable(auth, role);
          out.push({ id: role.id, name: role.name, nameEn: role.nameEn, code: role.code });
        } catch {
          // Not assignable by this caller: left out of the select.
        }
      }
      return out;
    },

    async save(auth: AuthContext, note: OperationNote, body: RoleSave) {
      requireAddOrEdit(auth, 'user:role', body.id);
      const existing = body.id ? await repo.findVisible(auth, body.id) : null;
      if (body.id && !existing) throw new AppError('notFound');
      if (existing && existing.ownerId === null && auth.dataScope !== 'all')
        throw new AppError('builtInReadOnly');
      if (body.dataScope === 'all' && auth.dataScope !== 'all') throw new AppError('roleNotAssignable');
      const menuIds = [...new Set(body.menuIds)];
      const before = existing ? await repo.menuIdsOf(existing.id) : [];
      const changed = menuIds.length !== before.length || menuIds.some((id) => !before.includes(id));
      if (changed) requirePermission(auth, 'user:role:grant');
      const { ids } = await grantableIds(auth);
      if (menuIds.some((id) => !ids.has(id))) throw new AppError('roleNotAssignable');
      if (await repo.codeTaken(auth, body.code, existing?.id)) throw new AppError('roleCodeTaken');
      const values = {
        name: body.name,
        nameEn: body.nameEn,
        code: body.code,
        description: body.description ?? null,
        enabled: body.enabled,
        dataScope: body.dataScope,
      };
      // Two saves of one code at once: the index decides, the second hears the same answer.
      const id = await refuseOnUniqueViolation('roleCodeTaken', async () => {
        if (!existing) return repo.insert({ ...values, ownerId: auth.userId }, menuIds);
        await repo.update(existing.id, { ...values, updatedAt: deps.clock.now() }, menuIds);
        if (changed || existing.enabled !== body.enabled)
          deps.grantsChanged?.(await repo.holderIds(existing.id));
        return existing.id;
      });
      note.subject({
        id,
        name: body.code,
        detail: `menus ${before.length} -> ${menuIds.length}${body.enabled ? '' : ', disabled'}`,
      });
      return { id };
    },

    async remove(auth: AuthContext, note: OperationNote, id: string) {
      const role = await repo.findVisible(auth, id);
      if (!role) throw new AppError('notFound');
      if (role.ownerId === null && auth.dataScope !== 'all') throw new AppError('builtInReadOnly');
      if ((await repo.holderCount(id)) > 0) throw new AppError('roleInUse');
      await repo.remove(id);
      note.subject({ id, name: role.code });
    },
  };
};

export type RolesService = ReturnType<typeof createRolesService>;
