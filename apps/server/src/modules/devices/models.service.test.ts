import { describe, expect, it } from 'vitest';
import type { Clock } from '../../shared/clock';
import type { ModelPeripheralValues, ModelRecord, ModelsRepository, ModelValues } from './models.repository';
import { createModelsService } from './models.service';
import type { PeripheralRecord } from './peripherals.repository';

const clock: Clock = { now: () => new Date('2026-03-01T08:00:00Z') };

/** Models and settings in memory; a duplicate name fails like the database's unique index. */
const fakeRepo = () => {
  const models = new Map<string, ModelRecord>();
  const settings = new Map<string, ModelPeripheralValues & { id: string }>();
  const terminals = new Map<string, number>();
  let seq = 0;
  const unique = (name: string, id?: string) => {
    for (const m of models.values())
      if (m.id !== id && m.name.toLowerCase() === name.toLowerCase()) throw { code: '23505' };
  };
  const repo = {
    findPage: async (_name: string | undefined, offset: number, limit: number) => {
      const rows = [...models.values()];
      return { rows: rows.slice(offset, offset + limit), total: rows.length };
    },
    findById: async (id: string) => models.get(id) ?? null,
    listEnabled: async () => [...models.values()].filter((m) => m.state === 1),
    terminalCount: async (id: string) => terminals.get(id) ?? 0,
    save: async (id: string | undefined, values: ModelValues) => {
      unique(values.name, id);
      if (id && !models.has(id)) return null;
      const row = {
        id: id ?? `m${++seq}`,
        createdAt: models.get(id ?? '')?.createdAt ?? clock.now(),
        name: values.name,
        description: values.description ?? null,
        state: values.state ?? 1,
        updatedAt: values.updatedAt ?? clock.now(),
      };
      models.set(row.id, row);
      return row;
    },
    remove: async (id: string) => models.delete(id),
    findPeripheralPage: async () => ({ rows: [], total: 0 }),
    savePeripheral: async (id: string | undefined, values: ModelPeripheralValues) => {
      for (const s of settings.values())
        if (s.id !== id && s.modelId === values.modelId && s.peripheralId === values.peripheralId)
          throw { cause: { code: '23505' } };
      const row = { ...values, id: id ?? `s${++seq}` };
      settings.set(row.id, row);
      return row;
    },
    removePeripheral: async (id: string) => settings.delete(id),
  } as unknown as ModelsRepository;
  return { repo, models, terminals };
};

const printer = { id: 'p1', name: 'Printer' } as PeripheralRecord;
const setup = () => {
  const fake = fakeRepo();
  const service = createModelsService({
    repo: fake.repo,
    peripherals: { findById: async (id) => (id === printer.id ? printer : null) },
    clock,
  });
  return { ...fake, service };
};

describe('models service rules', () => {
  it('answers a model with its terminal count, and refuses a second model of the same name', async () => {
    const { service, terminals } = setup();
    const p2 = await service.save({ name: 'P2', state: 1 });
    terminals.set(p2.id, 3);
    expect((await service.page({ current: 1, size: 10 })).records[0]).toMatchObject({
      name: 'P2',
      terminalCount: 3,
      createdAt: '2026-03-01T08:00:00.000Z',
    });
    await expect(service.save({ name: 'p2', state: 1 })).rejects.toMatchObject({ key: 'modelNameTaken' });
    await expect(service.save({ id: 'nope', name: 'X', state: 1 })).rejects.toMatchObject({
      key: 'notFound',
    });
  });

  it('keeps a model that terminals use, and deletes an unused one once', async () => {
    const { service, terminals, models } = setup();
    const used = await service.save({ name: 'A8', state: 1 });
    terminals.set(used.id, 1);
    await expect(service.remove(used.id)).rejects.toMatchObject({ key: 'modelInUse' });
    expect(models.has(used.id)).toBe(true);
    terminals.set(used.id, 0);
    expect(await service.remove(used.id)).toBeNull();
    await expect(service.remove(used.id)).rejects.toMatchObject({ key: 'notFound' });
  });

  it('sets a peripheral on a model only when both exist, once per pair', async () => {
    const { service } = setup();
    const model = await service.save({ name: 'P2', state: 1 });
    await expect(
      service.peripheralSave({ modelId: 'nope', peripheralId: printer.id, required: true }),
    ).rejects.toMatchObject({ key: 'modelUnknown' });
    await expect(
      service.peripheralSave({ modelId: model.id, peripheralId: 'nope', required: true }),
    ).rejects.toMatchObject({ key: 'peripheralUnknown' });
    expect(
      await service.peripheralSave({ modelId: model.id, peripheralId: printer.id, required: true }),
    ).toMatchObject({ modelName: 'P2', peripheralName: 'Printer', required: true });
    await expect(
      service.peripheralSave({ modelId: model.id, peripheralId: printer.id, required: false }),
    ).rejects.toMatchObject({ key: 'modelPeripheralTaken' });
  });
});
