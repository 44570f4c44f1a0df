import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { openTestDatabase } from '../test-support/test-app';
import { accountAncestorPairsSql, accountAncestorsSql, accountSubtreeSql, inDataScope } from './data-scope';

describe('inDataScope', () => {
  let database: Database;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase();
    // root -> a -> a1 ; root -> b
    const add = async (name: string, superior?: string) => {
      const [row] = await database.db
        .insert(users)
        .values({ username: name, passwordHash: 'x', superiorId: superior ? ids[superior] : null })
        .returning();
      ids[name] = row.id;
    };
    await add('root');
    await add('a', 'root');
    await add('a1', 'a');
    await add('b', 'root');
  });
  afterAll(() => database.close());

  const visibleTo = async (name: string, dataScope: 'all' | 'tree' = 'tree') => {
    const rows = await database.db
      .select({ username: users.username })
      .from(users)
      .where(and(inDataScope({ userId: ids[name], dataScope }, users.id), eq(users.passwordHash, 'x')));
    return rows.map((r) => r.username).sort();
  };

  it('sees the own account and everything below it', async () => {
    expect(await visibleTo('a')).toEqual(['a', 'a1']);
    expect(await visibleTo('root')).toEqual(['a', 'a1', 'b', 'root']);
  });

  it('sees nothing of a sibling tree', async () => {
    expect(await visibleTo('b')).toEqual(['b']);
    expect(await visibleTo('a1')).toEqual(['a1']);
  });

  it('sees everything with data scope all', async () => {
    expect(await visibleTo('a1', 'all')).toEqual(['a', 'a1', 'b', 'root']);
  });

  const names = (rows: { id: string }[]) =>
    rows.map((r) => Object.keys(ids).find((k) => ids[k] === r.id)).sort();
  const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
    (await database.db.execute(query)) as unknown as { rows: T[] };

  it('walks the tree down and up from one account', async () => {
    expect(
      names((await rowsOf<{ id: string }>(sql`select id from ${accountSubtreeSql(ids.a)} t`)).rows),
    ).toEqual(['a', 'a1']);
    expect(
      names((await rowsOf<{ id: string }>(sql`select id from ${accountAncestorsSql(ids.a1)} t`)).rows),
    ).toEqual(['a', 'a1', 'root']);
  });

  it('pairs each of several accounts with itself and every account above it', async () => {
    const { rows } = await rowsOf<{ start: string; id: string }>(
      sql`select start, id from ${accountAncestorPairsSql([ids.a1, ids.b])} p`,
    );
    const pairs = rows.map((r) => `${names([{ id: r.start }])}>${names([{ id: r.id }])}`).sort();
    expect(pairs).toEqual(['a1>a', 'a1>a1', 'a1>root', 'b>b', 'b>root']);
  });
});
