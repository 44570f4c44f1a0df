import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalGroups } from '../../db/schema';
import { callAs, createFleetFixtures } from '../../test-support/fleet-fixtures';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';

type Page = { records: { sn: string; groupName: string | null }[]; total: number };

// The list picks a page's ids first and then reads those rows: the pages must still come newest first,
// follow one another without a gap or a repeat, and carry every joined field.
describe('terminal list paging', () => {
  let t: TestApp;
  let call: ReturnType<typeof callAs>;
  let groupId: string;
  let otherGroupId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    call = callAs(t, admin.token);
    const f = await createFleetFixtures(t, admin.userId);
    groupId = f.group.id;
    const [other] = await t.database.db
      .insert(terminalGroups)
      .values({ name: 'Back store', number: 'S002', ownerId: admin.userId })
      .returning();
    otherGroupId = other.id;
    // 25 terminals under one prefix and 10 under another, alternating groups; creation times one minute
    // apart and in a different order from the SNs, so the list order is the creation order alone.
    await t.database.db.execute(sql`
      insert into terminals (sn, name, owner_id, group_id, status, created_at)
      select case when g <= 25 then 'PG' || lpad(g::text, 4, '0') else 'QX' || lpad(g::text, 4, '0') end,
        'Till ' || g, ${admin.userId}::uuid,
        case when g % 2 = 0 then ${groupId}::uuid else ${otherGroupId}::uuid end,
        'activated', timestamptz '2026-01-01' + ((g * 11) % 37) * interval '1 minute'
      from generate_series(1, 35) g`);
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await call('GET', `/device/v1/device/terminal/getPage?${query}`);
    expect(res.body.code).toBe(1);
    return res.body.result as Page;
  };
  const expectedOrder = (gs: number[]) =>
    [...gs]
      .sort((a, b) => ((b * 11) % 37) - ((a * 11) % 37))
      .map((g) => (g <= 25 ? `PG${String(g).padStart(4, '0')}` : `QX${String(g).padStart(4, '0')}`));
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('pages an SN prefix newest first, without gaps or repeats', async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => list(`sn=pg&current=${n}&size=10`)));
    expect(pages.map((p) => p.total)).toEqual([25, 25, 25]);
    expect(pages.map((p) => p.records.length)).toEqual([10, 10, 5]);
    expect(pages.flatMap((p) => p.records.map((r) => r.sn))).toEqual(expectedOrder(range(1, 25)));
  });

  it('pages a group newest first with its joined names', async () => {
    const even = range(1, 35).filter((g) => g % 2 === 0);
    const pages = await Promise.all([1, 2].map((n) => list(`groupId=${groupId}&current=${n}&size=10`)));
    expect(pages[0].total).toBe(even.length);
    expect(pages.flatMap((p) => p.records.map((r) => r.sn))).toEqual(expectedOrder(even));
    expect(new Set(pages.flatMap((p) => p.records.map((r) => r.groupName)))).toEqual(new Set(['Main store']));
  });

  it('answers an empty page past the end and for a prefix nothing has', async () => {
    expect(await list('sn=pg&current=4&size=10')).toMatchObject({ records: [], total: 25 });
    expect(await list('sn=zz&current=1&size=10')).toMatchObject({ records: [], total: 0 });
  });
});
