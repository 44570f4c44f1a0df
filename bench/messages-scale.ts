// Messages at scale on PostgreSQL: a hundred thousand users, thousands of published messages.
// Shows that publishing writes one row whatever the audience, that the bell's unread count is an
// index-driven query (its plan is printed), and how long the live-notice recipient walk takes.
// Baseline in the same run: counting every published message with a plain scan.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/messages-scale.ts
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import {
  createMessagesRepository,
  mineCountSql,
} from '../apps/server/src/modules/messages/messages.repository';
import { EVERYONE_ROOT } from '../apps/server/src/modules/messages/messages.table';

const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS_PER_TENANT = Number(process.env.USERS_PER_TENANT ?? 1000);
const TENANTS = Number(process.env.TENANTS ?? 100);
const MESSAGES = Number(process.env.MESSAGES ?? 100_000);

const ms = async <T>(what: string, fn: () => Promise<T>) => {
  const start = performance.now();
  const value = await fn();
  const took = performance.now() - start;
  console.log(`${what}: ${took.toFixed(1)} ms`);
  return { value, took };
};

const main = async () => {
  const name = `cpm_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await ms('seed', async () => {
      await client.query(
        `insert into roles (code, name) values ('cashier', 'Cashier'), ('manager', 'Manager')`,
      );
      await client.query(
        `insert into users (username, password_hash, name)
         select 'tenant' || i, 'x', 'Tenant ' || i from generate_series(1, $1) i`,
        [TENANTS],
      );
      await client.query(
        `insert into users (username, password_hash, name, superior_id)
         select t.username || '_u' || j, 'x', 'User', t.id
         from users t cross join generate_series(1, $1) j where t.username like 'tenant%'`,
        [USERS_PER_TENANT - 1],
      );
      await client.query(
        `insert into user_roles (user_id, role_id)
         select u.id, r.id from users u
         join roles r on r.code = case when abs(hashtext(u.id::text)) % 10 = 0 then 'manager' else 'cashier' end`,
      );
      // A third broadcasts, a third to a role, a third to single users; spread over the tenants.
      await client.query(
        `with tenants as (select id, row_number() over (order by id) n from users where superior_id is null),
              m as (
                insert into messages (title, content, scope, status, owner_id, audience_root_id, published_by, published_at)
                select 'Message ' || i, '<p>body</p>',
                  (array['all', 'roles', 'users'])[1 + i % 3], 'published', t.id, t.id, t.id,
                  now() - (i || ' minutes')::interval
                from generate_series(1, $1) i join tenants t on t.n = 1 + i % $2
                returning id, scope, owner_id
              )
         insert into message_targets (message_id, audience_root_id, target_id)
         select m.id, m.owner_id, case when m.scope = 'roles' then (select id from roles where code = 'cashier')
                           else (select u.id from users u where u.superior_id = m.owner_id limit 1) end
         from m where m.scope <> 'all'`,
        [MESSAGES, TENANTS],
      );
      // Every user has already read two broadcasts of their tenant: 200k receipts to look through.
      await client.query(
        `insert into message_receipts (user_id, message_id, read_at)
         select u.id, m.id, now() from users u
         cross join lateral (select id from messages where audience_root_id = u.superior_id and scope = 'all' limit 2) m`,
      );
      await client.query('analyze');
    });

    const repo = createMessagesRepository(database.db);
    const { rows } = await client.query<{ id: string }>(
      `select u.id from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
       where u.superior_id is not null and r.code = 'cashier' order by u.id limit 1`,
    );
    const userId = rows[0].id;
    const { rows: roots } = await client.query<{ superior_id: string }>(
      'select superior_id from users where id = $1',
      [userId],
    );

    const [{ n: before }] = (await client.query('select count(*)::int n from messages')).rows;
    const [{ n: receiptsBefore }] = (await client.query('select count(*)::int n from message_receipts')).rows;
    await ms('publish a draft to "all" (100k recipients)', async () => {
      const [draft] = (
        await client.query(
          `insert into messages (title, scope, owner_id) values ('Big', 'all', $1) returning id`,
          [roots[0].superior_id],
        )
      ).rows;
      await repo.markPublished(draft.id, roots[0].superior_id, EVERYONE_ROOT, new Date());
    });
    const [{ n: after }] = (await client.query('select count(*)::int n from messages')).rows;
    const [{ n: receipts }] = (await client.query('select count(*)::int n from message_receipts')).rows;
    console.log(
      `rows written by publishing: messages +${after - before}, receipts +${receipts - receiptsBefore}`,
    );

    const reach = await repo.findReach(userId);
    const count = mineCountSql(reach, { read: false });
    const countOnce = async () =>
      (await (database.db.execute(count) as unknown as Promise<{ rows: { n: number }[] }>)).rows[0].n;
    await countOnce();
    const { value: unread, took: countMs } = await ms('unread count (bell, warm)', countOnce);
    console.log(`unread for one user: ${unread}`);
    const scan = () =>
      client.query(`select count(*) from messages where status = 'published' and length(content) >= 0`);
    await scan();
    const { took: scanMs } = await ms('baseline: one scan of all published messages (warm)', scan);
    console.log(`ratio count/scan: ${(countMs / scanMs).toFixed(2)}`);

    const { sql: query, params } = database.db.dialect.sqlToQuery(count);
    const plan = await client.query(`explain (analyze, costs off, timing off) ${query}`, params);
    console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));

    await ms('readAll for that user', () => repo.markAllRead(reach, new Date()));

    await ms('walk every recipient of a platform-wide broadcast in batches of 2000', async () => {
      let after: string | null = null;
      let total = 0;
      for (;;) {
        const batch = await repo.findRecipients(
          { scope: 'all', rootId: EVERYONE_ROOT, targetIds: [] },
          after,
          2000,
        );
        total += batch.length;
        if (batch.length < 2000) break;
        after = batch[batch.length - 1];
      }
      console.log(`recipients walked: ${total}`);
    });
  } finally {
    await client.end();
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
};

await main();
