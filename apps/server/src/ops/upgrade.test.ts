import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Database, type Db, knownMigrations, openDatabase } from '../db/client';
import { terminalEvents } from '../modules/datacenter/datacenter.table';
import { terminalModels, terminals } from '../modules/devices/devices.table';
import { terminalGroups } from '../modules/groups/groups.table';
import { messages } from '../modules/messages/messages.table';
import { users } from '../modules/users/users.table';
import { hashPassword } from '../shared/crypto';
import { dropPostgresDatabases, testDatabaseName } from '../test-support/database-template';
import { ADMIN_PASSWORD, loginAs, openTestDatabase, testConfig } from '../test-support/test-app';
import { createBackupRepository } from './backup.repository';

/**
 * The schema of release 1.0.0, which left no fixture: its last migration was 0013_terminal_events.
 * What came later (support health, remote desktop, remote tasks and the app market) must move its
 * data forward. Releases since keep their own databases (upgrade-fixtures.test.ts).
 */
const PREVIOUS_RELEASE_MIGRATIONS = 14;
/**
 * Tables retired since, on purpose. `online_samples` held fleet-wide hourly online counts derived
 * from the terminals; the dashboard's trend now reads `owner_rollup_hourly`, which its migration
 * fills from the terminals' hourly rollups, so no fact is lost with it.
 */
const RETIRED_TABLES = ['online_samples'];
const base = process.env.TEST_DATABASE_URL;

const tablesOf = (database: Database) => createBackupRepository(database).tables();

/** Every row of the given tables as sorted JSON text. */
const contents = async (db: Db, tables: string[]) => {
  const out: Record<string, string[]> = {};
  for (const table of tables)
    out[table] = (
      (await db.execute(
        sql`select row_to_json(t)::text as j from ${sql.identifier(table)} t`,
      )) as unknown as {
        rows: { j: string }[];
      }
    ).rows
      .map((r) => r.j)
      .sort();
  return out;
};

describe(`upgrading the previous release's data (${base ? 'PostgreSQL' : 'PGlite'})`, () => {
  const root = mkdtempSync(path.join(tmpdir(), 'cpm-upgrade-'));
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    rmSync(root, { recursive: true, force: true });
  });

  /** Where the old release's data lives: a PGlite folder, or a PostgreSQL database of its own. */
  const location = async () => {
    if (!base) return { databaseUrl: undefined, dataDir: root };
    const name = testDatabaseName('cpm_upgrade');
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(() => dropPostgresDatabases(base, [name]));
    const url = new URL(base);
    url.pathname = `/${name}`;
    return { databaseUrl: url.toString(), dataDir: root };
  };

  it('migrates a database of the previous release forward with every row intact, and serves it', async () => {
    expect(knownMigrations().length).toBeGreaterThan(PREVIOUS_RELEASE_MIGRATIONS);
    const where = await location();

    // The previous release's data: its schema, its seed, and rows of the kinds a fleet holds. The
    // rows are written with today's code into a scratch database and copied into the old schema
    // column by column (`json_populate_recordset` keeps the columns the old table has), so a column
    // added later never breaks the fixture while every old column holds what a fleet would hold.
    // The run's seeded template: a copy costs a fraction of migrating and seeding a new database.
    const scratch = await openTestDatabase({ from: 'seeded' });
    try {
      const db = scratch.db;
      const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
      const [owner] = await db
        .insert(users)
        .values({
          username: 'old_enterprise',
          name: 'Old enterprise',
          email: 'old@example.test',
          passwordHash: await hashPassword(ADMIN_PASSWORD),
          superiorId: admin.id,
          state: 1,
        })
        .returning();
      const [model] = await db.insert(terminalModels).values({ name: 'P2 Pro' }).returning();
      const [group] = await db
        .insert(terminalGroups)
        .values({ name: 'Harbour store', number: 'S042', ownerId: owner.id })
        .returning();
      const made = await db
        .insert(terminals)
        .values(
          [1, 2, 3].map((i) => ({
            sn: `OLD${i}0000`,
            name: `Till ${i}`,
            modelId: model.id,
            groupId: group.id,
            ownerId: owner.id,
            storeName: 'Harbour',
            mac: `02:00:00:00:01:0${i}`,
          })),
        )
        .returning();
      await db
        .insert(terminalEvents)
        .values(
          made.map((t, i) => ({ terminalId: t.id, kind: 'boot', at: new Date(Date.UTC(2026, 4, i + 1)) })),
        );
      await db
        .insert(messages)
        .values({ title: 'Welcome', content: '<p>hello</p>', scope: 'all', ownerId: owner.id });
    } catch (err) {
      await scratch.close();
      throw err;
    }
    const old = await openDatabase({ ...where, migrateUpTo: PREVIOUS_RELEASE_MIGRATIONS });
    let oldTables: string[];
    let before: Record<string, string[]>;
    try {
      oldTables = await tablesOf(old);
      const scratchTables = new Set(await tablesOf(scratch));
      await old.db.transaction(async (tx) => {
        // Rows arrive table by table; the foreign keys hold once all are in.
        await tx.execute(sql`set local session_replication_role = replica`);
        for (const table of oldTables.filter((t) => scratchTables.has(t))) {
          const rows = (
            (await scratch.db.execute(
              sql`select coalesce(json_agg(t), '[]')::text as j from ${sql.identifier(table)} t`,
            )) as unknown as { rows: { j: string }[] }
          ).rows[0].j;
          await tx.execute(
            sql`insert into ${sql.identifier(table)} overriding system value select * from json_populate_recordset(null::${sql.identifier(table)}, ${rows}::json)`,
          );
        }
      });
      before = await contents(old.db, oldTables);
    } finally {
      await old.close();
      await scratch.close();
    }
    expect(oldTables).not.toContain('tasks');
    expect(before.terminals).toHaveLength(3);

    // The current release opens it: pending migrations run, nothing of the old data changes.
    const current = await openDatabase(where);
    cleanups.push(() => current.close());
    const applied = (
      (await current.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n;
    expect(Number(applied)).toBe(knownMigrations().length);
    const kept = oldTables.filter((t) => !RETIRED_TABLES.includes(t));
    expect(await tablesOf(current)).toEqual(expect.arrayContaining([...kept, 'tasks']));
    expect(await tablesOf(current)).not.toEqual(expect.arrayContaining(RETIRED_TABLES));
    // Every old row is still there with every old column's value; columns added later are not compared.
    const after = await contents(current.db, kept);
    const oldColumnsOnly = (table: string, rows: string[]) => {
      const columns = Object.keys(JSON.parse(before[table][0] ?? '{}'));
      return rows
        .map((r) => {
          const row = JSON.parse(r);
          return JSON.stringify(Object.fromEntries(columns.map((c) => [c, row[c]])));
        })
        .sort();
    };
    for (const table of kept)
      expect({ table, rows: oldColumnsOnly(table, after[table]) }).toEqual({
        table,
        rows: oldColumnsOnly(table, before[table]),
      });

    // And the server runs on it.
    const app = await buildApp({
      config: testConfig({ DATA_DIR: root }),
      database: current,
      broker: false,
      jobs: { run: false },
    });
    try {
      // The old enterprise account signs in; the administrator sees the old terminals.
      expect((await loginAs(app.app, 'old_enterprise', ADMIN_PASSWORD)).token).toBeTruthy();
      const admin = await loginAs(app.app, 'admin', ADMIN_PASSWORD);
      const page = await app.app.inject({
        url: '/device/v1/device/terminal/getPage?current=1&size=10',
        headers: { satoken: admin.token },
      });
      expect(page.json().result).toMatchObject({ total: 3 });
    } finally {
      await app.app.close();
    }
  }, 180_000);
});
