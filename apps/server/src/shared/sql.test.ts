import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { openTestDatabase } from '../test-support/test-app';
import { textArray } from './sql';

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
