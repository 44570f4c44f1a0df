import type { PageQuery } from '@cpm/contracts';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { pageOffset, toPage } from '../../shared/paging';
import { refuseOnUniqueViolation } from '../../shared/sql';
import type { ModelRecord, ModelsRepository } from './models.repository';
import type { PeripheralsRepository } from './peripherals.repository';

type ModelInput = { id?: string; name: string; description?: string; state: 0 | 1 };
type ModelPeripheralInput = { id?: string; modelId: string; peripheralId: string; required: boolean };

/** Terminal models and the peripherals each model expects. A model in use cannot be deleted. */
export const createModelsService = (deps: {
  repo: ModelsRepository;
  peripherals: Pick<PeripheralsRepository, 'findById'>;
  clock: Clock;
}) => {
  const { repo } = deps;
  const present = async (m: ModelRecord) => ({
    ...m,
    terminalCount: await repo.terminalCount(m.id),
    createdAt: m.createdAt.toISOString(),
  });

  return {
    async page(q: PageQuery & { name?: string }) {
      const { rows, total } = await repo.findPage(q.name, pageOffset(q), q.size);
      return toPage(await Promise.all(rows.map(present)), total, q);
    },
    list: () => repo.listEnabled(),
    async save(input: ModelInput) {
      const values = {
        name: input.name,
        description: input.description ?? null,
        state: input.state,
        updatedAt: deps.clock.now(),
      };
      const row = await refuseOnUniqueViolation('modelNameTaken', () => repo.save(input.id, values));
      if (!row) throw new AppError('notFound');
      return present(row);
    },
    async remove(id: string) {
      if ((await repo.terminalCount(id)) > 0) throw new AppError('modelInUse');
      if (!(await repo.remove(id))) throw new AppError('notFound');
      return null;
    },

    async peripheralPage(q: PageQuery & { modelId?: string }) {
      const { rows, total } = await repo.findPeripheralPage(q.modelId, pageOffset(q), q.size);
      return toPage(rows, total, q);
    },
    async peripheralSave(input: ModelPeripheralInput) {
      const model = await repo.findById(input.modelId);
      if (!model) throw new AppError('modelUnknown');
      const peripheral = await deps.peripherals.findById(input.peripheralId);
      if (!peripheral) throw new AppError('peripheralUnknown');
      const { id, ...values } = input;
      const row = await refuseOnUniqueViolation('modelPeripheralTaken', () =>
        repo.savePeripheral(id, values),
      );
      if (!row) throw new AppError('notFound');
      return { ...values, id: row.id, modelName: model.name, peripheralName: peripheral.name };
    },
    async peripheralRemove(id: string) {
      if (!(await repo.removePeripheral(id))) throw new AppError('notFound');
      return null;
    },
  };
};

export type ModelsService = ReturnType<typeof createModelsService>;
