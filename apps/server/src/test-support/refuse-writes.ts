import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Makes the database refuse every `on` of a table's rows, as a full disk, a lost connection or a lock
 * timeout would; answers the function that lifts the refusal.
 */
export const refuseWrites = async (db: Db, table: string, on: 'insert' | 'update' | 'delete') => {
  const name = `refuse_${table}_${on}`;
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin raise exception '${table} refuses ${on} now'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before ${on} on ${table} for each row execute function ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await db.execute(sql.raw(`drop function ${name}`));
  };
};
