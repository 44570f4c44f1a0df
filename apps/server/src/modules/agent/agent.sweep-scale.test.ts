import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * A network failure takes a whole fleet silent at once; the sweep that turns it offline once built
 * one insert with a row of parameters per terminal, which overflowed the stack at 100,000 and passed
 * PostgreSQL's 65,535 parameters at 60,000. PostgreSQL (the storage pass of `npm test`) runs that
 * size in seconds; PGlite takes minutes to write it, so on PGlite a tenth checks the same rules.
 */
const SILENT = process.env.TEST_DATABASE_URL ? 60_000 : 6_000;

describe('the offline sweep over a fleet that went silent together', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await db.execute(sql`
      insert into terminals (sn, name, owner_id, online, last_seen_at, online_changed_at)
      select 'SWEEP' || lpad(g::text, 6, '0'), 'Sweep ' || g, (select id from users where username = 'admin'),
        true, ${new Date(t.clock.now().getTime() - 3_600_000)}, ${new Date(t.clock.now().getTime() - 3_600_000)}
      from generate_series(1, ${SILENT}) g`);
  }, 120_000);
  afterAll(() => t.close());

  it('turns every one offline in one pass and logs each once', async () => {
    const { wentOffline } = await t.agent.sweep();
    expect(wentOffline).toBe(SILENT);
    const count = async (q: ReturnType<typeof sql>) =>
      Number(((await t.database.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0].n);
    expect(await count(sql`select count(*)::int as n from terminals where sn like 'SWEEP%' and online`)).toBe(
      0,
    );
    expect(
      await count(sql`
        select count(*)::int as n from terminal_status_log l join terminals t on t.id = l.terminal_id
        where t.sn like 'SWEEP%' and l.kind = 'offline' and l.detail = 'timeout'`),
    ).toBe(SILENT);
    // A second pass finds nothing more to do.
    expect((await t.agent.sweep()).wentOffline).toBe(0);
  }, 120_000);
});
