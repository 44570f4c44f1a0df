import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { allWhere, likeAnywhere } from '../../shared/sql';
import { DICT_SEEDS } from './dict-seeds';
import { dictItems, dicts } from './dicts.table';

export type DictValues = Omit<typeof dicts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type DictItemValues = Omit<typeof dictItems.$inferInsert, 'id'>;

/**
 * Adds missing seeded dictionaries and their items in two statements; existing ones (perhaps
 * edited) stay as they are.
 */
export const seedDicts = async (db: Db) => {
  const existing = new Set((await db.select({ code: dicts.code }).from(dicts)).map((d) => d.code));
  const missing = DICT_SEEDS.map((seed, sort) => ({ seed, sort })).filter(
    ({ seed }) => !existing.has(seed.code),
  );
  if (!missing.length) return;
  const inserted = await db
    .insert(dicts)
    .values(missing.map(({ seed, sort }) => ({ code: seed.code, name: seed.zh, englishName: seed.en, sort })))
    .onConflictDoNothing()
    .returning({ id: dicts.id, code: dicts.code });
  const items = inserted.flatMap((row) =>
    (DICT_SEEDS.find((s) => s.code === row.code)?.items ?? []).map(([value, label, englishName], sort) => ({
      dictId: row.id,
      value,
      label,
      englishName,
      sort,
    })),
  );
  if (items.length) await db.insert(dictItems).values(items).onConflictDoNothing();
};

/** Storage of dictionaries and their items. */
export const createDictsRepository = (db: Db) => ({
  /** A page of dictionaries matching a keyword in name, code or English name, with their item counts. */
  async findPage(keyword: string | undefined, offset: number, limit: number) {
    const k = keyword ? likeAnywhere(keyword) : null;
    const where = k ? or(ilike(dicts.name, k), ilike(dicts.code, k), ilike(dicts.englishName, k)) : undefined;
    const rows = await db
      .select({ dict: dicts, itemCount: count(dictItems.id) })
      .from(dicts)
      .leftJoin(dictItems, eq(dictItems.dictId, dicts.id))
      .where(where)
      .groupBy(dicts.id)
      .orderBy(asc(dicts.sort), asc(dicts.code))
      .offset(offset)
      .limit(limit);
    const [total] = await db.select({ n: count() }).from(dicts).where(where);
    return { rows, total: total.n };
  },

  /** The id of the dictionary with this code, if any. */
  findIdByCode: async (code: string) =>
    (await db.select({ id: dicts.id }).from(dicts).where(eq(dicts.code, code)))[0]?.id ?? null,

  exists: async (id: string) =>
    (await db.select({ id: dicts.id }).from(dicts).where(eq(dicts.id, id))).length > 0,

  insert: async (values: DictValues) =>
    (await db.insert(dicts).values(values).returning({ id: dicts.id }))[0],

  /** Whether a row was updated. */
  update: async (id: string, values: DictValues & { updatedAt: Date }) =>
    (await db.update(dicts).set(values).where(eq(dicts.id, id)).returning({ id: dicts.id })).length > 0,

  remove: async (id: string) =>
    (await db.delete(dicts).where(eq(dicts.id, id)).returning({ id: dicts.id })).length > 0,

  items: (dictId: string) =>
    allWhere(db, dictItems, eq(dictItems.dictId, dictId), [asc(dictItems.sort), asc(dictItems.value)]),

  /** The id of the item with this value in the dictionary, if any. */
  findItemIdByValue: async (dictId: string, value: string) =>
    (
      await db
        .select({ id: dictItems.id })
        .from(dictItems)
        .where(and(eq(dictItems.dictId, dictId), eq(dictItems.value, value)))
    )[0]?.id ?? null,

  insertItem: async (values: DictItemValues) =>
    (await db.insert(dictItems).values(values).returning({ id: dictItems.id }))[0],

  updateItem: async (id: string, values: DictItemValues) =>
    (await db.update(dictItems).set(values).where(eq(dictItems.id, id)).returning({ id: dictItems.id }))
      .length > 0,

  removeItem: async (id: string) =>
    (await db.delete(dictItems).where(eq(dictItems.id, id)).returning({ id: dictItems.id })).length > 0,

  /** Every enabled item of every enabled dictionary, by code then sort order. */
  enabledItems: () =>
    db
      .select({
        code: dicts.code,
        value: dictItems.value,
        label: dictItems.label,
        englishName: dictItems.englishName,
      })
      .from(dictItems)
      .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
      .where(and(eq(dicts.enabled, true), eq(dictItems.enabled, true)))
      .orderBy(asc(dicts.code), asc(dictItems.sort)),
});

export type DictsRepository = ReturnType<typeof createDictsRepository>;
