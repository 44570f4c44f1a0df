import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  countWhere,
  deleteById,
  firstWhere,
  likeAnywhere,
  pageWhere,
  saveById,
  withTotal,
} from '../../shared/sql';
import { modelPeripherals, peripherals, terminalModels, terminals } from './devices.table';

export type ModelRecord = typeof terminalModels.$inferSelect;
export type ModelValues = Pick<
  typeof terminalModels.$inferInsert,
  'name' | 'description' | 'state' | 'updatedAt'
>;
export type ModelPeripheralValues = { modelId: string; peripheralId: string; required: boolean };

/** Storage of terminal models and the peripherals each model expects. */
export const createModelsRepository = (db: Db) => ({
  async findPage(name: string | undefined, offset: number, limit: number) {
    const where = name ? sql`${terminalModels.name} ilike ${likeAnywhere(name)}` : undefined;
    return pageWhere(db, terminalModels, where, [terminalModels.name], offset, limit);
  },

  findById: async (id: string): Promise<ModelRecord | null> =>
    firstWhere(db, terminalModels, eq(terminalModels.id, id)),

  listEnabled: () =>
    db
      .select({ id: terminalModels.id, name: terminalModels.name })
      .from(terminalModels)
      .where(eq(terminalModels.state, 1))
      .orderBy(terminalModels.name),

  /** How many terminals are of this model. */
  terminalCount: async (modelId: string) => countWhere(db, terminals, eq(terminals.modelId, modelId)),

  /** Inserts or updates; null when the id names no model. Throws the database's unique violation as is. */
  save: async (id: string | undefined, values: ModelValues): Promise<ModelRecord | null> =>
    saveById(db, terminalModels, id, values),

  /** Whether a row was deleted. */
  remove: async (id: string) => deleteById(db, terminalModels, id),

  async findPeripheralPage(modelId: string | undefined, offset: number, limit: number) {
    const where = modelId ? eq(modelPeripherals.modelId, modelId) : undefined;
    return withTotal(
      db,
      modelPeripherals,
      where,
      db
        .select({
          id: modelPeripherals.id,
          modelId: modelPeripherals.modelId,
          modelName: terminalModels.name,
          peripheralId: modelPeripherals.peripheralId,
          peripheralName: peripherals.name,
          required: modelPeripherals.required,
        })
        .from(modelPeripherals)
        .innerJoin(terminalModels, eq(terminalModels.id, modelPeripherals.modelId))
        .innerJoin(peripherals, eq(peripherals.id, modelPeripherals.peripheralId))
        .where(where)
        .orderBy(terminalModels.name, peripherals.name)
        .limit(limit)
        .offset(offset),
    );
  },

  /** Inserts or updates a model peripheral setting; null when the id names none. */
  savePeripheral: async (id: string | undefined, values: ModelPeripheralValues) =>
    saveById(db, modelPeripherals, id, values),

  removePeripheral: async (id: string) => deleteById(db, modelPeripherals, id),
});

export type ModelsRepository = ReturnType<typeof createModelsRepository>;
