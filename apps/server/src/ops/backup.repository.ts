import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;

/** Rows read or written per statement. */
export const BATCH = 2_000;

/**
 * The product's tables (schema `public`), in name order. A partitioned table counts once, as its parent:
 * restored rows land in its default partition, and the monthly partition job moves them out again.
 */
const tableNames = async (db: Db) =>
  (
    await rowsOf<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    )
  ).map((r) => r.name);

/** Columns filled from a sequence (identity or serial), whose sequences must continue after restored rows. */
const sequenceColumns = async (db: Db) =>
  rowsOf<{ table: string; column: string }>(
    db,
    sql`select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' and (is_identity = 'YES' or column_default like 'nextval(%')
        and table_name in (select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and not c.relispartition)`,
  );

const appliedMigrations = async (db: Db) => {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  ).catch(() => [{ n: 0 }]);
  return Number(row?.n ?? 0);
};

/** Reads of one snapshot of the whole database. */
const snapshotReads = (db: Db) => ({
  migrations: () => appliedMigrations(db),
  tables: () => tableNames(db),
  /** Hands a table's rows, as JSON text, to `take` in batches; answers how many there were. */
  async eachBatch(table: string, take: (rows: string[]) => Promise<void>) {
    let count = 0;
    // A cursor reads the table once, in batches, whatever its size.
    await db.execute(
      sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as j from ${sql.identifier(table)} t`,
    );
    for (;;) {
      const rows = await rowsOf<{ j: string }>(db, sql.raw(`fetch ${BATCH} from backup_rows`));
      await take(rows.map((r) => r.j));
      count += rows.length;
      if (rows.length < BATCH) break;
    }
    await db.execute(sql`close backup_rows`);
    return count;
  },
  /** The hashes of every stored file's bytes. */
  blobHashes: async () =>
    (await rowsOf<{ sha256: string }>(db, sql`select sha256 from blob_contents order by sha256`)).map(
      (r) => r.sha256,
    ),
});

export type BackupSnapshot = ReturnType<typeof snapshotReads>;

/** Storage side of backup and restore: the whole database, read or loaded table by table. */
export const createBackupRepository = (database: Database) => ({
  /** Runs `read` in one snapshot, so rows that refer to each other are read as of the same moment. */
  snapshot: (read: (snapshot: BackupSnapshot) => Promise<void>) =>
    database.db.transaction(
      (tx) => read(snapshotReads(tx as unknown as Db)),
      database.kind === 'postgres'
        ? { isolationLevel: 'repeatable read', accessMode: 'read only' }
        : undefined,
    ),
  migrations: () => appliedMigrations(database.db),
  tables: () => tableNames(database.db),
  /** How many rows each product table holds. */
  async rowCounts() {
    const counts: Record<string, number> = {};
    for (const table of await tableNames(database.db)) {
      const [row] = await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from ${sql.identifier(table)}`,
      );
      counts[table] = Number(row.n);
    }
    return counts;
  },
  /** Whether any account exists, the sign that a server has run on this database. */
  hasAccounts: async () =>
    Boolean(
      (await rowsOf<{ any: boolean }>(database.db, sql`select exists (select 1 from users) as any`))[0]?.any,
    ),
  /**
   * Empties `tables` and lets `fill` insert rows (a JSON array of row objects a call) in one transaction
   * with triggers (and so foreign-key checks) off, as pg_restore does, since rows of one table may refer
   * to each other in any order; then sequences go on after the highest restored value.
   */
  load: (tables: string[], fill: (insert: (table: string, json: string) => Promise<void>) => Promise<void>) =>
    database.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await t.execute(sql`set local session_replication_role = replica`);
      await t.execute(
        sql.raw(`truncate table ${tables.map((n) => `"${n.replaceAll('"', '""')}"`).join(', ')}`),
      );
      await fill(async (table, json) => {
        await t.execute(
          sql`insert into ${sql.identifier(table)} overriding system value select * from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
        );
      });
      for (const { table, column } of await sequenceColumns(t)) {
        const qualified = `"${table.replaceAll('"', '""')}"`;
        await t.execute(
          sql`select setval(pg_get_serial_sequence(${qualified}, ${column}), coalesce(max(${sql.identifier(column)}), 0) + 1, false) from ${sql.identifier(table)}`,
        );
      }
    }),
});
