import { and, asc, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { dicts } from '../modules/dicts/dicts.table';
import { openTestDatabase } from '../test-support/test-app';
import {
  allWhere,
  countWhere,
  deleteById,
  equalTo,
  existsWhere,
  firstWhere,
  pageWhere,
  rowsWhere,
  saveById,
  textArray,
} from './sql';

describe('text array parameter', () => {
  let close: () => Promise<void>;
  let db: Db;
  beforeAll(async () => {
    const database = await openTestDatabase();
    close = database.close;
    db = database.db;
  });
  afterAll(() => close?.());

  const roundTrip = async (values: string[]) => {
    const result = (await db.execute(sql`select ${textArray(values)} as a`)) as unknown as {
      rows: { a: string[] }[];
    };
    return result.rows[0].a;
  };

  it('reaches the database as the same strings, plain or with anything an array literal must escape', async () => {
    const plain = Array.from({ length: 2_000 }, (_, i) => `SN${String(i).padStart(6, '0')}`);
    expect(await roundTrip(plain)).toEqual(plain);
    const awkward = [
      'a"b',
      'back\\slash',
      '{braces}',
      'comma,here',
      ' spaced ',
      '',
      'NULL',
      '终端',
      'SN-1_x',
    ];
    expect(await roundTrip(awkward)).toEqual(awkward);
    expect(await roundTrip([])).toEqual([]);
  });
});

describe('table reads', () => {
  let close: () => Promise<void>;
  let db: Db;
  const mine = like(dicts.code, 'sqlread_%');
  beforeAll(async () => {
    const database = await openTestDatabase();
    close = database.close;
    db = database.db;
    await db
      .insert(dicts)
      .values(['c', 'a', 'b'].map((k, i) => ({ code: `sqlread_${k}`, name: k, englishName: k, sort: i })));
  });
  afterAll(() => close?.());

  it('reads a page in order with the total of the whole filter', async () => {
    const page = await pageWhere(db, dicts, mine, [asc(dicts.code)], 1, 1);
    expect(page.rows.map((r) => r.code)).toEqual(['sqlread_b']);
    expect(page.total).toBe(3);
    expect((await allWhere(db, dicts, mine, [asc(dicts.name)])).map((r) => r.name)).toEqual(['a', 'b', 'c']);
    expect((await rowsWhere(db, dicts, mine, [desc(dicts.sort)], 0, 2)).map((r) => r.name)).toEqual([
      'b',
      'a',
    ]);
  });

  it('answers the first row in order, or null when none matches', async () => {
    expect((await firstWhere(db, dicts, mine, [asc(dicts.sort)]))?.name).toBe('c');
    expect(await firstWhere(db, dicts, eq(dicts.code, 'sqlread_none'))).toBeNull();
  });

  it('tells whether any row matches', async () => {
    expect(await existsWhere(db, dicts, eq(dicts.code, 'sqlread_a'))).toBe(true);
    expect(await existsWhere(db, dicts, eq(dicts.code, 'sqlread_none'))).toBe(false);
  });

  it('saves by id: inserts without one, updates with one, and deletes by id', async () => {
    const made = await saveById(db, dicts, undefined, { code: 'sqlsave_x', name: 'x', englishName: 'x' });
    expect(made?.name).toBe('x');
    const id = made?.id as string;
    expect((await saveById(db, dicts, id, { code: 'sqlsave_x', name: 'y', englishName: 'y' }))?.name).toBe(
      'y',
    );
    expect(await deleteById(db, dicts, id)).toBe(true);
    expect(await deleteById(db, dicts, id)).toBe(false);
    expect(await saveById(db, dicts, id, { code: 'sqlsave_x', name: 'z', englishName: 'z' })).toBeNull();
  });

  it('filters by each given value and leaves out the empty ones', async () => {
    const where = (values: { name?: string; code?: string }) => and(mine, ...equalTo(dicts, values));
    expect(
      (await rowsWhere(db, dicts, where({ name: 'a', code: '' }), [], 0, 10)).map((r) => r.code),
    ).toEqual(['sqlread_a']);
    expect(await rowsWhere(db, dicts, where({ name: 'a', code: 'sqlread_b' }), [], 0, 10)).toEqual([]);
    expect(await countWhere(db, dicts, where({}))).toBe(3);
  });
});
