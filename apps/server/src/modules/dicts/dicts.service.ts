import type { DictBundle, PageQuery } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { pageOffset, toPage } from '../../shared/paging';
import { requireAddOrEdit, requirePlatformScope } from '../../shared/permissions';
import type { DictsRepository } from './dicts.repository';

type DictSave = {
  id?: string;
  code: string;
  name: string;
  englishName: string;
  description?: string | null;
  enabled: boolean;
  sort: number;
};
type ItemSave = {
  id?: string;
  dictId: string;
  label: string;
  englishName: string;
  value: string;
  sort: number;
  enabled: boolean;
};

/** Dictionaries: platform-wide value lists, edited by platform administrators. */
export const createDictsService = (deps: { repo: DictsRepository; clock: Clock }) => {
  const { repo } = deps;
  return {
    async page(q: PageQuery & { keyword?: string }) {
      const { rows, total } = await repo.findPage(q.keyword, pageOffset(q), q.size);
      return toPage(
        rows.map(({ dict: d, itemCount }) => ({
          id: d.id,
          code: d.code,
          name: d.name,
          englishName: d.englishName,
          description: d.description,
          enabled: d.enabled,
          sort: d.sort,
          itemCount,
        })),
        total,
        q,
      );
    },

    async save(auth: AuthContext, body: DictSave) {
      requireAddOrEdit(auth, 'user:dict', body.id);
      requirePlatformScope(auth);
      const clash = await repo.findIdByCode(body.code);
      if (clash && clash !== body.id) throw new AppError('dictCodeTaken');
      const values = {
        code: body.code,
        name: body.name,
        englishName: body.englishName,
        description: body.description ?? null,
        enabled: body.enabled,
        sort: body.sort,
      };
      if (body.id) {
        if (!(await repo.update(body.id, { ...values, updatedAt: deps.clock.now() })))
          throw new AppError('notFound');
        return { id: body.id };
      }
      return repo.insert(values);
    },

    async remove(auth: AuthContext, id: string) {
      requirePlatformScope(auth);
      if (!(await repo.remove(id))) throw new AppError('notFound');
    },

    items: (dictId: string) => repo.items(dictId),

    async saveItem(auth: AuthContext, body: ItemSave) {
      requireAddOrEdit(auth, 'user:dict', body.id);
      requirePlatformScope(auth);
      if (!(await repo.exists(body.dictId))) throw new AppError('notFound');
      const clash = await repo.findItemIdByValue(body.dictId, body.value);
      if (clash && clash !== body.id) throw new AppError('dictValueTaken');
      const values = {
        dictId: body.dictId,
        label: body.label,
        englishName: body.englishName,
        value: body.value,
        sort: body.sort,
        enabled: body.enabled,
      };
      if (body.id) {
        if (!(await repo.updateItem(body.id, values))) throw new AppError('notFound');
        return { id: body.id };
      }
      return repo.insertItem(values);
    },

    async removeItem(auth: AuthContext, id: string) {
      requirePlatformScope(auth);
      if (!(await repo.removeItem(id))) throw new AppError('notFound');
    },

    /** Every usable dictionary with its usable items, keyed by code. */
    async bundle(): Promise<DictBundle> {
      const out: DictBundle = {};
      for (const r of await repo.enabledItems()) {
        out[r.code] = out[r.code] ?? [];
        out[r.code].push({ value: r.value, label: r.label, englishName: r.englishName });
      }
      return out;
    },
  };
};

export type DictsService = ReturnType<typeof createDictsService>;
