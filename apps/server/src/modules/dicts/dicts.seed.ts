import type { Db } from '../../db/client';
import { DICT_SEEDS } from './dict-seeds';
import { dictItems, dicts } from './dicts.table';

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
