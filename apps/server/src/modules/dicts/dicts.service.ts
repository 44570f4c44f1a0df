import type { DictBundle, PageQuery } from '@cpm/contracts';
import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { pageOffset, toPage } from '../../shared/paging';
import { requireAddOrEdit, requirePlatformScope } from '../../shared/permissions';
import { dictItems, dicts } from './dicts.table';

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
export const createDictsService = (deps: { db: Db; clock: Clock }) => {
  const { db } = deps;
  return {
    async page(q: PageQuery & { keyword?: string }) {
      const k = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const where = k
        ? or(ilike(dicts.name, k), ilike(dicts.code, k), ilike(dicts.englishName, k))
        : undefined;
      const rows = await db
        .select({ dict: dicts, itemCount: count(dictItems.id) })
        .from(dicts)
        .leftJoin(dictItems, eq(dictItems.dictId, dicts.id))
        .where(where)
        .groupBy(dicts.id)
        .orderBy(asc(dicts.sort), asc(dicts.code))
        .offset(pageOffset(q))
        .limit(q.size);
      const [total] = await db.select({ n: count() }).from(dicts).where(where);
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
        total.n,
        q,
      );
    },

    async save(auth: AuthContext, body: DictSave) {
      requireAddOrEdit(auth, 'user:dict', body.id);
      requirePlatformScope(auth);
      const clash = await db.select({ id: dicts.id }).from(dicts).where(eq(dicts.code, body.code));
      if (clash.some((c) => c.id !== body.id)) throw new AppError('dictCodeTaken');
      const values = {
        code: body.code,
        name: body.name,
        englishName: body.englishName,
        description: body.description ?? null,
        enabled: body.enabled,
        sort: body.sort,
      };
      if (body.id) {
        const done = await db
          .update(dicts)
          .set({ ...values, updatedAt: deps.clock.now() })
          .where(eq(dicts.id, body.id))
          .returning({ id: dicts.id });
        if (!done.length) throw new AppError('notFound');
        return { id: body.id };
      }
      return (await db.insert(dicts).values(values).returning({ id: dicts.id }))[0];
    },

    async remove(auth: AuthContext, id: string) {
      requirePlatformScope(auth);
      const done = await db.delete(dicts).where(eq(dicts.id, id)).returning({ id: dicts.id });
      if (!done.length) throw new AppError('notFound');
    },

    items: (dictId: string) =>
      db
        .select()
        .from(dictItems)
        .where(eq(dictItems.dictId, dictId))
        .orderBy(asc(dictItems.sort), asc(dictItems.value)),

    async saveItem(auth: AuthContext, body: ItemSave) {
      requireAddOrEdit(auth, 'user:dict', body.id);
      requirePlatformScope(auth);
      if (!(await db.select({ id: dicts.id }).from(dicts).where(eq(dicts.id, body.dictId))).length)
        throw new AppError('notFound');
      const clash = await db
        .select({ id: dictItems.id })
        .from(dictItems)
        .where(and(eq(dictItems.dictId, body.dictId), eq(dictItems.value, body.value)));
      if (clash.some((c) => c.id !== body.id)) throw new AppError('dictValueTaken');
      const values = {
        dictId: body.dictId,
        label: body.label,
        englishName: body.englishName,
        value: body.value,
        sort: body.sort,
        enabled: body.enabled,
      };
      if (body.id) {
        const done = await db
          .update(dictItems)
          .set(values)
          .where(eq(dictItems.id, body.id))
          .returning({ id: dictItems.id });
        if (!done.length) throw new AppError('notFound');
        return { id: body.id };
      }
      return (await db.insert(dictItems).values(values).returning({ id: dictItems.id }))[0];
    },

    async removeItem(auth: AuthContext, id: string) {
      requirePlatformScope(auth);
      const done = await db.delete(dictItems).where(eq(dictItems.id, id)).returning({ id: dictItems.id });
      if (!done.length) throw new AppError('notFound');
    },

    /** Every usable dictionary with its usable items, keyed by code. */
    async bundle(): Promise<DictBundle> {
      const rows = await db
        .select({
          code: dicts.code,
          value: dictItems.value,
          label: dictItems.label,
          englishName: dictItems.englishName,
        })
        .from(dictItems)
        .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
        .where(and(eq(dicts.enabled, true), eq(dictItems.enabled, true)))
        .orderBy(asc(dicts.code), asc(dictItems.sort));
      const out: DictBundle = {};
      for (const r of rows) {
        out[r.code] = out[r.code] ?? [];
        out[r.code].push({ value: r.value, label: r.label, englishName: r.englishName });
      }
      return out;
    },
  };
};

export type DictsService = ReturnType<typeof createDictsService>;
