import { ERRORS, type PageQuery, type TerminalStatus } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import type { Clock } from '../../shared/clock';
import { pageOffset, toPage } from '../../shared/paging';
import { buildTemplate, type ExcelColumn, MODEL_COLUMN, readSheet, SN_COLUMN } from './excel';
import type { ExitRecordsRepository } from './exit-records.repository';
import type { NewTerminal, TerminalsRepository } from './terminals.repository';
import { isExitStatus } from './terminals.service';

/** Columns of the factory exit-record template (and what each row is read into). */
export const EXIT_COLUMNS: ExcelColumn[] = [
  SN_COLUMN,
  MODEL_COLUMN,
  { key: 'status', zh: '状态（warehoused 或 shipped）', en: 'Status (warehoused or shipped)' },
  { key: 'enterprise', zh: '企业账号', en: 'Enterprise account' },
  { key: 'productionDate', zh: '生产日期', en: 'Production date' },
  { key: 'shippingDate', zh: '发货日期', en: 'Shipping date' },
];

/** Factory exit records: terminals created warehoused or shipped from the factory's SN lists. */
export const createExitRecordsService = (deps: {
  repo: ExitRecordsRepository;
  terminals: Pick<
    TerminalsRepository,
    'modelIdsByName' | 'accountsByUsername' | 'takenSns' | 'insertMany' | 'findInScope'
  >;
  clock: Clock;
  /** SNs no terminal may hold (the external broker's superuser name); given upper case. */
  snReserved?: (sn: string) => boolean;
  /** Counts "already registered" answers about terminals the caller cannot see (see the terminals service). */
  countTakenAnswers?: (accountId: string, amount: number) => Promise<void>;
}) => {
  const { repo, clock } = deps;
  return {
    async page(auth: AuthContext, q: PageQuery & { sn?: string; status?: TerminalStatus }) {
      const { rows, total } = await repo.findPage(auth, q, pageOffset(q), q.size);
      return toPage(
        rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total,
        q,
      );
    },
    template: () =>
      buildTemplate('exit records', EXIT_COLUMNS, [
        'P2000123456',
        'P2',
        'shipped',
        'acme',
        '2026-01-05',
        '2026-02-01',
      ]),
    /** Creates warehoused or shipped terminals from an SN list; all rows or none. */
    async importFile(auth: AuthContext, content: Buffer) {
      await deps.countTakenAnswers?.(auth.userId, 0);
      const rows = await readSheet(content, EXIT_COLUMNS);
      const errors: { row: number; field: string; message: string; messageEn: string }[] = [];
      const err = (row: number, field: string, message: string, messageEn: string) =>
        errors.push({ row, field, message, messageEn });
      const models = await deps.terminals.modelIdsByName();
      const accounts = new Map(
        (
          await deps.terminals.accountsByUsername(auth, rows.map((r) => r.values.enterprise).filter(Boolean))
        ).map((a) => [a.username.toLowerCase(), a.id]),
      );
      const taken = await deps.terminals.takenSns(rows.map((r) => r.values.sn.toUpperCase()).filter(Boolean));
      const own = new Set(
        (taken.size ? await deps.terminals.findInScope(auth, [...taken]) : []).map((t) => t.sn),
      );
      const foreign = [...taken].filter((s) => !own.has(s)).length;
      if (foreign) await deps.countTakenAnswers?.(auth.userId, foreign);
      const seen = new Set<string>();
      const now = clock.now();
      const values: NewTerminal[] = [];
      const dateOk = (v: string) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v);
      for (const { row, values: v } of rows) {
        const before = errors.length;
        const sn = v.sn.toUpperCase();
        if (!/^[A-Z0-9][A-Z0-9_-]{3,63}$/.test(sn))
          err(row, 'sn', '序列号格式不正确', 'Not a valid serial number');
        else if (deps.snReserved?.(sn) || (taken.has(sn) && !own.has(sn)))
          err(row, 'sn', ERRORS.terminalSnUnavailable.zh, ERRORS.terminalSnUnavailable.en);
        else if (taken.has(sn) || seen.has(sn))
          err(row, 'sn', '序列号已存在', 'This serial number is already registered');
        seen.add(sn);
        const modelId = models.get(v.model.toLowerCase());
        if (!modelId) err(row, 'model', '型号不存在', 'No such model');
        const status = v.status || 'warehoused';
        if (!isExitStatus(status))
          err(row, 'status', '状态应为 warehoused 或 shipped', 'Status must be warehoused or shipped');
        let ownerId = auth.userId;
        if (v.enterprise) {
          const id = accounts.get(v.enterprise.toLowerCase());
          if (!id)
            err(
              row,
              'enterprise',
              '企业账号不存在或不可见',
              'No such enterprise account, or not visible to you',
            );
          else ownerId = id;
        } else if (status === 'shipped')
          err(
            row,
            'enterprise',
            '已发货的终端须指定企业账号',
            'A shipped terminal needs its enterprise account',
          );
        if (!dateOk(v.productionDate))
          err(row, 'productionDate', '日期格式应为 YYYY-MM-DD', 'Dates are YYYY-MM-DD');
        if (!dateOk(v.shippingDate))
          err(row, 'shippingDate', '日期格式应为 YYYY-MM-DD', 'Dates are YYYY-MM-DD');
        if (errors.length === before && isExitStatus(status))
          values.push({
            sn,
            name: sn,
            modelId,
            ownerId,
            status,
            productionDate: v.productionDate || now.toISOString().slice(0, 10),
            shippingDate: v.shippingDate || null,
            createdAt: now,
            updatedAt: now,
          });
      }
      if (errors.length || values.length === 0) return { ok: false, imported: 0, errors };
      await deps.terminals.insertMany(values);
      return { ok: true, imported: values.length, errors: [] };
    },
  };
};

export type ExitRecordsService = ReturnType<typeof createExitRecordsService>;
