import type { RunRecordFilter, TerminalFilter } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { BlobsService } from '../blobs/blobs.service';
import type { TerminalsService } from '../devices/terminals.service';
import { TERMINAL_EXPORT_COLUMNS } from '../devices/terminals.service';
import { USER_EXPORT_COLUMNS } from '../users/user-export-columns';
import type { UserFilter, UsersRepository } from '../users/users.repository';
import type { ExportColumn } from './export-writer';
import { registerExportsRoutes } from './exports.routes';
import { createExportsService, type ExportSource } from './exports.service';
import type { JobsService } from './jobs.service';

const USER_BATCH = 1000;

/** Wires exports as jobs: one source per exportable list, drawn from that list's own rules. */
export const createExportsModule = (deps: {
  api: EndpointRegistry;
  jobs: JobsService;
  blobs: BlobsService;
  notifyUser: Parameters<typeof createExportsService>[0]['notifyUser'];
  clock: Clock;
  terminals: TerminalsService;
  users: UsersRepository;
  /** The data centre's run records under a filter, in the caller's scope. */
  runRecords: (
    auth: AuthContext,
    filter: RunRecordFilter,
  ) => { count(): Promise<number>; batches(): AsyncIterable<unknown[]> };
  runRecordColumns: ExportColumn<never>[];
}) => {
  const terminals: ExportSource = {
    label: { zh: '终端列表', en: 'Terminals' },
    fileBase: 'terminals',
    columns: TERMINAL_EXPORT_COLUMNS.map(
      (c): ExportColumn<Record<string, unknown>> => ({
        header: `${c.zh} ${c.en}`,
        width: c.width,
        value: (row) => row[c.key],
      }),
    ),
    rows: (auth, filter) => {
      const r = deps.terminals.exportRows(auth, filter as TerminalFilter);
      return { count: r.count, batches: r.batches };
    },
  };
  const users: ExportSource = {
    label: { zh: '用户列表', en: 'Users' },
    fileBase: 'users',
    columns: USER_EXPORT_COLUMNS,
    rows: (auth, filter) => ({
      count: () => deps.users.count(auth, filter as UserFilter),
      batches: async function* () {
        for (let offset = 0; ; offset += USER_BATCH) {
          const batch = await deps.users.list(auth, filter as UserFilter, offset, USER_BATCH);
          if (batch.length) yield batch;
          if (batch.length < USER_BATCH) return;
        }
      },
    }),
  };
  const runRecords: ExportSource = {
    label: { zh: '设备运行记录', en: 'Run records' },
    fileBase: 'run-records',
    columns: deps.runRecordColumns as ExportColumn<unknown>[],
    rows: (auth, filter) => deps.runRecords(auth, filter as RunRecordFilter),
  };
  const exports = createExportsService({
    jobs: deps.jobs,
    blobs: deps.blobs,
    notifyUser: deps.notifyUser,
    clock: deps.clock,
    sources: { terminals, users, runRecords },
  });
  registerExportsRoutes(deps.api, { exports });
  return exports;
};
