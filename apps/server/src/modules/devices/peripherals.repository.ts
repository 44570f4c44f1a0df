import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deleteById, firstWhere, likeAnywhere, pageWhere, saveById } from '../../shared/sql';
import { peripherals } from './devices.table';

export type PeripheralRecord = typeof peripherals.$inferSelect;
export type PeripheralValues = Omit<typeof peripherals.$inferInsert, 'id' | 'createdAt'>;

/** Storage of the peripheral catalogue (printers, scanners, card readers, ...). */
export const createPeripheralsRepository = (db: Db) => ({
  async findPage(f: { name?: string; kind?: 'serial' | 'usb' }, offset: number, limit: number) {
    const where = and(
      f.name ? sql`${peripherals.name} ilike ${likeAnywhere(f.name)}` : undefined,
      f.kind ? eq(peripherals.kind, f.kind) : undefined,
    );
    return pageWhere(db, peripherals, where, [peripherals.name], offset, limit);
  },

  findById: async (id: string): Promise<PeripheralRecord | null> =>
    firstWhere(db, peripherals, eq(peripherals.id, id)),

  list: () =>
    db.select({ id: peripherals.id, name: peripherals.name }).from(peripherals).orderBy(peripherals.name),

  /** Inserts or updates; null when the id names no peripheral. */
  save: async (id: string | undefined, values: PeripheralValues): Promise<PeripheralRecord | null> =>
    saveById(db, peripherals, id, values),

  remove: async (id: string) => deleteById(db, peripherals, id),
});

export type PeripheralsRepository = ReturnType<typeof createPeripheralsRepository>;
