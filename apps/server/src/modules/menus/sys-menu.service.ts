import type { SysMenuSave } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationNote } from '../../shared/operation-note';
import { requireAddOrEdit, requirePlatformScope } from '../../shared/permissions';
import type { MenusRepository } from './menus.repository';
import { buildSysMenuTree, isSelfOrDescendant } from './sys-menu-tree';

/** Menu management: the tree every console's menus and routes are built from. */
export const createSysMenuService = (deps: { repo: MenusRepository; clock: Clock }) => {
  const { repo } = deps;
  return {
    tree: async () => buildSysMenuTree(await repo.findAll()),

    async save(auth: AuthContext, note: OperationNote, body: SysMenuSave) {
      requireAddOrEdit(auth, 'user:menu', body.id);
      requirePlatformScope(auth);
      const all = await repo.findAll();
      if (body.id && !all.some((r) => r.id === body.id)) throw new AppError('notFound');
      const parentId = body.parentId ?? null;
      if (parentId) {
        if (!all.some((r) => r.id === parentId)) throw new AppError('notFound');
        if (body.id && isSelfOrDescendant(all, body.id, parentId)) throw new AppError('parentIsDescendant');
      }
      const values = {
        parentId,
        menuType: body.menuType,
        name: body.name,
        englishName: body.menuEnglishName,
        sysCode: body.sysCode,
        url: body.url,
        permission: body.permission,
        icon: body.icon,
        enabled: body.enabled,
        hidden: body.hidden,
        sort: body.sort,
      };
      let id = body.id;
      if (id) await repo.update(id, { ...values, updatedAt: deps.clock.now() });
      else id = await repo.insert(values);
      note.subject({ id, name: body.name, detail: body.permission || null });
      return { id };
    },

    async remove(auth: AuthContext, note: OperationNote, id: string) {
      requirePlatformScope(auth);
      const row = await repo.findById(id);
      if (!row) throw new AppError('notFound');
      if ((await repo.childCount(id)) > 0) throw new AppError('menuHasChildren');
      await repo.remove(id);
      note.subject({ id, name: row.name });
    },
  };
};

export type SysMenuService = ReturnType<typeof createSysMenuService>;
