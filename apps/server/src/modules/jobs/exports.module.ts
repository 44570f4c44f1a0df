import type {
  ComplianceFilter,
  DictBundle,
  OrderFilter,
  RecordFilter,
  RunRecordFilter,
  TerminalFilter,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { ExportColumn } from '../../shared/export-columns';
import type { BlobsService } from '../blobs/blobs.service';
import { TERMINAL_EXPORT_COLUMNS } from '../devices/terminal-export-columns';
import type { TerminalsService } from '../devices/terminals.service';
import { COMPLIANCE_EXPORT_COLUMNS } from '../policies/compliance-export-columns';
import { ORDER_EXPORT_COLUMNS, RECORD_EXPORT_COLUMNS } from '../support/support-export-columns';
import { USER_EXPORT_COLUMNS } from '../users/user-export-columns';
import type { UserFilter, UsersRepository } from '../users/users.repository';
import { registerExportsRoutes } from './exports.routes';
import { createExportsService, type ExportSource } from './exports.service';
import type { JobsService } from './jobs.service';

const USER_BATCH = 1000;

type ExportRows = { count(): Promise<number>; batches(): AsyncIterable<unknown[]> };

/** Wires exports as jobs: one source per exportable list, drawn from that list's own rules. */
export const createExportsModule = (deps: {
  api: EndpointRegistry;
  jobs: JobsService;
  blobs: BlobsService;
  notifyUser: Parameters<typeof createExportsService>[0]['notifyUser'];
  clock: Clock;
  /** The fleet: its terminals and the compliance rows of its policies. */
  terminals: TerminalsService & {
    policyCompliance: (auth: AuthContext, filter: ComplianceFilter) => ExportRows;
  };
  users: UsersRepository;
  /** The data centre's run records under a filter, in the caller's scope. */
  runRecords: (
    auth: AuthContext,
    filter: RunRecordFilter,
  ) => { count(): Promise<number>; batches(): AsyncIterable<unknown[]> };
  runRecordColumns: readonly ExportColumn<never>[];
  /** After-sales orders and inspection records under a filter, in the caller's scope (support module). */
  supportOrders: (auth: AuthContext, filter: OrderFilter) => ExportRows;
  inspectionRecords: (auth: AuthContext, filter: RecordFilter) => ExportRows;
  /** The dictionaries, for columns that show dictionary labels (dicts module). */
  dicts: { bundle(): Promise<DictBundle> };
}) => {
  const terminals: ExportSource = {
    label: { zh: '终端列表', en: 'Terminals' },
    fileBase: 'terminals',
    columns: TERMINAL_EXPORT_COLUMNS,
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
    columns: deps.runRecordColumns,
    rows: (auth, filter) => deps.runRecords(auth, filter as RunRecordFilter),
  };
  const supportOrders: ExportSource = {
    label: { zh: '售后工单', en: 'After-sales orders' },
    fileBase: 'orders',
    columns: ORDER_EXPORT_COLUMNS,
    rows: (auth, filter) => deps.supportOrders(auth, filter as OrderFilter),
  };
  const inspectionRecords: ExportSource = {
    label: { zh: '巡检记录', en: 'Inspection records' },
    fileBase: 'inspection-records',
    columns: RECORD_EXPORT_COLUMNS,
    rows: (auth, filter) => deps.inspectionRecords(auth, filter as RecordFilter),
  };
  const policyCompliance: ExportSource = {
    label: { zh: '策略合规', en: 'Policy compliance' },
    fileBase: 'policy-compliance',
    columns: COMPLIANCE_EXPORT_COLUMNS,
    rows: (auth, filter) => deps.terminals.policyCompliance(auth, filter as ComplianceFilter),
  };
  const exports = createExportsService({
    jobs: deps.jobs,
    blobs: deps.blobs,
    notifyUser: deps.notifyUser,
    clock: deps.clock,
    sources: { terminals, users, runRecords, supportOrders, inspectionRecords, policyCompliance },
    dicts: () => deps.dicts.bundle(),
  });
  registerExportsRoutes(deps.api, { exports });
  return exports;
};
