import type { PageQuery } from '@cpm/contracts';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { pageOffset, toPage } from '../../shared/paging';
import type { PeripheralRecord, PeripheralsRepository, PeripheralValues } from './peripherals.repository';

type PeripheralInput = Omit<PeripheralValues, 'pid' | 'vid' | 'updatedAt'> & {
  id?: string;
  pid?: string;
  vid?: string;
};

/** USB ids are stored as four upper-case hex digits. */
export const normalizeUsbId = (v: string | undefined) => v?.toUpperCase().padStart(4, '0') ?? null;

const present = (p: PeripheralRecord) => ({ ...p, createdAt: p.createdAt.toISOString() });

/** The peripheral catalogue. */
export const createPeripheralsService = (deps: { repo: PeripheralsRepository; clock: Clock }) => {
  const { repo } = deps;
  return {
    async page(q: PageQuery & { name?: string; kind?: 'serial' | 'usb' }) {
      const { rows, total } = await repo.findPage(q, pageOffset(q), q.size);
      return toPage(rows.map(present), total, q);
    },
    list: () => repo.list(),
    async save(input: PeripheralInput) {
      const { id, ...rest } = input;
      const row = await repo.save(id, {
        ...rest,
        pid: normalizeUsbId(rest.pid),
        vid: normalizeUsbId(rest.vid),
        updatedAt: deps.clock.now(),
      });
      if (!row) throw new AppError('notFound');
      return present(row);
    },
    async remove(id: string) {
      if (!(await repo.remove(id))) throw new AppError('notFound');
      return null;
    },
  };
};

export type PeripheralsService = ReturnType<typeof createPeripheralsService>;
