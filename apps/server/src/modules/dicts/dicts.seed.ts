import type { Db } from '../../db/client';
import { DICT_SEEDS } from './dict-seeds';
import { dictItems, dicts } from './dicts.table';

/** Adds missing seeded dictionaries and their items; existing ones (perhaps edited) stay as they are. */
export const seedDicts = async (db: Db) => {
  const existing = new Map(
    (await db.select({ id: dicts.id, code: dicts.code }).from(dicts)).map((d) => [d.code, d.id]),
  );
  for (const [i, seed] of DICT_SEEDS.entries()) {
    if (existing.has(seed.code)) continue;
    const [row] = await db
      .insert(dicts)
      .values({ code: seed.code, name: seed.zh, englishName: seed.en, sort: i })
      .onConflictDoNothing()
      .returning({ id: dicts.id });
    if (!row) continue;
    await db
      .insert(dictItems)
      .values(
        seed.items.map(([value, label, englishName], sort) => ({
          dictId: row.id,
          value,
          label,
          englishName,
          sort,
        })),
      )
      .onConflictDoNothing();
  }
};
