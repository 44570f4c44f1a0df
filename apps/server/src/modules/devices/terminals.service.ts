import { randomUUID } from 'node:crypto';
import {
  bilingual,
  ERRORS,
  type ImportReport,
  MAC_PATTERN,
  type PageQuery,
  SN_PATTERN,
  TERMINAL_PASSWORD_PATTERN,
  TERMINAL_STATUSES,
  type TerminalDetail,
  type TerminalFilter,
  type TerminalSave,
  type TerminalStatus,
  terminalTopic,
} from '@cpm/contracts';
import type { Broker } from '../../gateway/broker';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { newToken, sha256 } from '../../shared/crypto';
import { pageOffset, toPage } from '../../shared/paging';
import { buildTemplate, type ExcelColumn, MODEL_COLUMN, readSheet, SN_COLUMN } from './excel';
import type { FleetEvents } from './fleet-events';
import { type NewTerminal, type TerminalsRepository, toTerminalRow } from './terminals.repository';

/** Upper case with colons: the one stored form of a MAC address. */
export const normalizeMac = (mac: string) => mac.trim().toUpperCase().replaceAll('-', ':');

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * "Already registered" answers about other enterprises' terminals one account may receive in a window
 * (adding, editing, importing, factory records); past it those calls answer 429 until the window ends.
 */
export const TAKEN_ANSWER_LIMIT = { limit: 30, windowMs: 10 * 60_000 } as const;

/** Columns of the terminal import template (and what each row is read into). */
export const TERMINAL_IMPORT_COLUMNS: ExcelColumn[] = [
  SN_COLUMN,
  { key: 'name', zh: '终端名称', en: 'Name' },
  MODEL_COLUMN,
  { key: 'group', zh: '分组编号', en: 'Group number' },
  { key: 'storeName', zh: '门店名称', en: 'Store name' },
  { key: 'mac', zh: 'MAC 地址', en: 'MAC' },
  { key: 'password', zh: '终端密码', en: 'Terminal password' },
];

type RowError = ImportReport['errors'][number];
const rowError = (row: number, field: string, zh: string, en: string): RowError => ({
  row,
  field,
  message: zh,
  messageEn: en,
});

/** Terminal rules: list, detail, add and edit, move, delete, import and export, enrollment keys. */
export const createTerminalsService = (deps: {
  repo: TerminalsRepository;
  clock: Clock;
  broker: Broker | null;
  events: FleetEvents;
  /** Forget what every instance cached about a terminal (edit of owner, status or SN; deletion). */
  forgetDevice: (sn: string) => void;
  /** The app market's names of installed packages the caller may see there, by package. */
  marketNames?: (
    auth: AuthContext,
    platform: string,
    packageNames: string[],
  ) => Promise<Record<string, string>>;
  /** The payment-app lock a geofence put on a terminal, for its detail. */
  paymentLock?: (terminalId: string) => Promise<TerminalDetail['paymentLock']>;
  /** SNs no terminal may hold (the external broker's superuser name); given upper case. */
  snReserved?: (sn: string) => boolean;
  /**
   * Counts "already registered" answers about terminals the caller cannot see, per account (`amount` 0
   * only checks); refuses with 429 past its limit, so nobody can map another enterprise's fleet.
   */
  countTakenAnswers?: (accountId: string, amount: number) => Promise<void>;
}) => {
  const { repo, clock } = deps;

  // A duplicate in one's own scope is named as such (spec); an SN or MAC held in another enterprise
  // gets the answer a reserved SN gets, which says nothing of who holds it, and is counted.
  const refuseTaken = async (auth: AuthContext, what: 'sn' | 'mac', sn: string) => {
    if ((await repo.findInScope(auth, [sn])).length)
      throw new AppError(what === 'sn' ? 'terminalSnTaken' : 'terminalMacTaken');
    await deps.countTakenAnswers?.(auth.userId, 1);
    throw new AppError(what === 'sn' ? 'terminalSnUnavailable' : 'terminalMacUnavailable');
  };

  const findVisible = async (auth: AuthContext, sn: string) => {
    const row = await repo.findRowBySn(auth, sn.toUpperCase());
    if (!row) throw new AppError('terminalNotFound');
    return row;
  };

  const checkReferences = async (
    auth: AuthContext,
    input: { modelId: string; groupId: string; ownerId: string },
  ) => {
    if (!(await repo.modelExists(input.modelId))) throw new AppError('modelUnknown');
    const group = await repo.findGroup(auth, input.groupId);
    if (!group) throw new AppError('groupUnknown');
    if (input.ownerId !== auth.userId && !(await repo.accountVisible(auth, input.ownerId)))
      throw new AppError('ownerUnknown');
  };

  /** A store outside the caller's store scope has no add permission: nothing may be added to it. */
  const assertStoreAddable = async (auth: AuthContext, groupIds: readonly string[]) => {
    const allowed = await repo.storeScopeGroupIds(auth.userId);
    if (allowed && groupIds.some((id) => !allowed.has(id))) throw new AppError('storeNotAddable');
  };

  return {
    async page(auth: AuthContext, q: PageQuery & TerminalFilter) {
      const now = clock.now();
      const { rows, total, totalCapped } = await repo.findMatchingPage(auth, q, now, pageOffset(q), q.size);
      return {
        ...toPage(
          rows.map((r) => toTerminalRow(r, now)),
          total,
          q,
        ),
        totalCapped,
      };
    },

    async detail(auth: AuthContext, sn: string): Promise<TerminalDetail> {
      const row = await findVisible(auth, sn);
      const t = await repo.findById(row.id as string);
      if (!t) throw new AppError('terminalNotFound');
      const metrics = t.metrics;
      return {
        ...toTerminalRow(row, clock.now()),
        productionDate: t.productionDate,
        shippingDate: t.shippingDate,
        hardware: t.hardware,
        network: {
          type: metrics.network ?? null,
          signal: metrics.signal ?? null,
          ip: t.ip,
          mac: t.mac,
          bluetoothMac: t.hardware.bluetoothMac ?? null,
        },
        metrics,
        apps: t.apps,
        appNames: deps.marketNames
          ? await deps.marketNames(
              auth,
              t.platform,
              t.apps.map((a) => String(a.packageName ?? '')).filter(Boolean),
            )
          : {},
        peripherals: t.peripherals,
        firmwareVersion: t.firmwareVersion,
        bootCount: t.bootCount,
        lastBootAt: iso(t.lastBootAt),
        lastShutdownAt: iso(t.lastShutdownAt),
        helloAt: iso(t.helloAt),
        lat: t.lat,
        lng: t.lng,
        locatedAt: iso(t.locatedAt),
        enrolled: t.secretHash !== null,
        favorite: await repo.isFavorite(auth.userId, t.id),
        paymentLock: (await deps.paymentLock?.(t.id)) ?? null,
      };
    },

    async save(auth: AuthContext, input: TerminalSave) {
      const now = clock.now();
      const sn = input.sn.toUpperCase();
      if (deps.snReserved?.(sn)) throw new AppError('terminalSnUnavailable');
      await deps.countTakenAnswers?.(auth.userId, 0);
      const mac = normalizeMac(input.mac);
      const fields = {
        sn,
        name: input.name,
        platform: input.platform,
        modelId: input.modelId,
        groupId: input.groupId,
        storeName: input.storeName,
        mac,
      };
      if (input.id) {
        if (!auth.permissions.has('device:terminal:edit')) throw new AppError('forbidden');
        const existing = await repo.findById(input.id);
        if (!existing || !(await repo.findInScope(auth, [existing.sn])).length)
          throw new AppError('terminalNotFound');
        const ownerId = input.ownerId ?? existing.ownerId;
        await checkReferences(auth, { modelId: input.modelId, groupId: input.groupId, ownerId });
        if (input.groupId !== existing.groupId) await assertStoreAddable(auth, [input.groupId]);
        const byMac = await repo.findByMac(mac);
        if (byMac && byMac.id !== input.id) await refuseTaken(auth, 'mac', byMac.sn);
        const taken = await repo.findBySn(sn);
        if (taken && taken.id !== input.id) await refuseTaken(auth, 'sn', taken.sn);
        await repo.update(input.id, {
          ...fields,
          ownerId,
          ...(input.password ? { password: input.password } : {}),
          ...(input.status ? { status: input.status } : {}),
          productionDate: input.productionDate ?? existing.productionDate,
          shippingDate: input.shippingDate ?? existing.shippingDate,
          updatedAt: now,
        });
        deps.forgetDevice(existing.sn);
      } else {
        const ownerId = input.ownerId ?? auth.userId;
        await checkReferences(auth, { modelId: input.modelId, groupId: input.groupId, ownerId });
        await assertStoreAddable(auth, [input.groupId]);
        const taken = await repo.findBySn(sn);
        if (taken) await refuseTaken(auth, 'sn', taken.sn);
        const byMac = await repo.findByMac(mac);
        if (byMac) await refuseTaken(auth, 'mac', byMac.sn);
        await repo.insert({
          ...fields,
          ownerId,
          password: input.password ?? null,
          status: input.status ?? 'shipped',
          productionDate: input.productionDate ?? null,
          shippingDate: input.shippingDate ?? null,
          createdAt: now,
          updatedAt: now,
        });
      }
      const saved = await findVisible(auth, sn);
      deps.events.emit({ sn, ownerId: saved.ownerId as string, kind: input.id ? 'saved' : 'created' });
      return toTerminalRow(saved, now);
    },

    async remove(auth: AuthContext, sns: string[]) {
      const found = await repo.findInScope(
        auth,
        sns.map((s) => s.toUpperCase()),
      );
      const deleted = found.length ? await repo.deleteByIds(found.map((f) => f.id)) : 0;
      for (const f of found) deps.forgetDevice(f.sn);
      deps.events.emit(...found.map((f) => ({ sn: f.sn, ownerId: f.ownerId, kind: 'deleted' })));
      return { deleted };
    },

    async move(auth: AuthContext, sns: string[], groupId: string) {
      if (!(await repo.findGroup(auth, groupId))) throw new AppError('groupUnknown');
      await assertStoreAddable(auth, [groupId]);
      const found = await repo.findInScope(
        auth,
        sns.map((s) => s.toUpperCase()),
      );
      const moved = found.length
        ? await repo.moveToGroup(
            found.map((f) => f.id),
            groupId,
            clock.now(),
          )
        : 0;
      deps.events.emit(...found.map((f) => ({ sn: f.sn, ownerId: f.ownerId, kind: 'moved', groupId })));
      return { moved };
    },

    groupOptions: (auth: AuthContext) => repo.groupOptions(auth),
    ownerOptions: (auth: AuthContext) => repo.ownerOptions(auth),

    async history(auth: AuthContext, sn: string) {
      const row = await findVisible(auth, sn);
      const h = await repo.history(row.id as string);
      return {
        statuses: h.statuses.map((s) => ({ at: s.at.toISOString(), kind: s.kind, detail: s.detail })),
        locations: h.locations.map((l) => ({
          at: l.at.toISOString(),
          lat: l.lat,
          lng: l.lng,
          accuracy: l.accuracy,
        })),
      };
    },

    async logs(auth: AuthContext, sn: string) {
      const row = await findVisible(auth, sn);
      return (await repo.logs(row.id as string)).map((l) => ({
        requestId: l.requestId,
        at: l.at.toISOString(),
        text: l.text,
      }));
    },

    /** Asks an online terminal for its log; an offline one could not answer, so it is not asked. */
    async requestLog(auth: AuthContext, sn: string) {
      const row = await findVisible(auth, sn);
      if (row.online !== true) throw new AppError('terminalOffline');
      const requestId = randomUUID();
      await deps.broker?.publish(
        terminalTopic(row.sn as string, 'down', 'cmd'),
        JSON.stringify({ requestId, type: 'uploadLog' }),
      );
      return { requestId };
    },

    async rotateEnrollmentKey(auth: AuthContext) {
      const key = `ek_${newToken()}`;
      await repo.saveEnrollmentKey(auth.userId, sha256(key), clock.now());
      return { enrollmentKey: key };
    },

    /** The filtered terminals as export rows in keyset batches, and their exact count. */
    exportRows(auth: AuthContext, filter: TerminalFilter) {
      const now = clock.now();
      return {
        count: () => repo.countMatching(auth, filter, now),
        batches: async function* () {
          for await (const batch of repo.iterateMatching(auth, filter, now))
            yield batch.map((r) => toTerminalRow(r, now));
        },
      };
    },

    template: () =>
      buildTemplate('terminals', TERMINAL_IMPORT_COLUMNS, [
        'P2000123456',
        'Front desk 1',
        'P2',
        'S001',
        'Main street store',
        '00:11:22:33:44:55',
        '1234',
      ]),

    /** All rows or none: every row is checked first, and written in one transaction only when all pass. */
    async importFile(auth: AuthContext, content: Buffer): Promise<ImportReport> {
      await deps.countTakenAnswers?.(auth.userId, 0);
      const rows = await readSheet(content, TERMINAL_IMPORT_COLUMNS);
      const errors: RowError[] = [];
      const models = await repo.modelIdsByName();
      const groups = await repo.groupIdsByNumber(auth);
      const addable = await repo.storeScopeGroupIds(auth.userId);
      const sns = rows.map((r) => r.values.sn.toUpperCase()).filter(Boolean);
      const macs = rows.map((r) => normalizeMac(r.values.mac)).filter(Boolean);
      const takenSn = await repo.takenSns(sns);
      const takenMac = await repo.takenMacs(macs);
      const ownSns = new Set(
        (takenSn.size ? await repo.findInScope(auth, [...takenSn]) : []).map((t) => t.sn),
      );
      const takenMacList = [...takenMac].filter((m): m is string => m !== null);
      const ownMacs = await repo.visibleMacs(auth, takenMacList);
      const foreign =
        [...takenSn].filter((s) => !ownSns.has(s)).length +
        takenMacList.filter((m) => !ownMacs.has(m)).length;
      // Counted before the report is made: past the limit, the report (and what it would tell) is withheld.
      if (foreign) await deps.countTakenAnswers?.(auth.userId, foreign);
      const seenSn = new Set<string>();
      const seenMac = new Set<string>();
      const now = clock.now();
      const values: NewTerminal[] = [];
      for (const { row, values: v } of rows) {
        const sn = v.sn.toUpperCase();
        const mac = normalizeMac(v.mac);
        const before = errors.length;
        if (!SN_PATTERN.test(sn))
          errors.push(rowError(row, 'sn', '序列号格式不正确', 'Not a valid serial number'));
        else if (deps.snReserved?.(sn) || (takenSn.has(sn) && !ownSns.has(sn))) {
          const { zh, en } = ERRORS.terminalSnUnavailable;
          errors.push(rowError(row, 'sn', zh, en));
        } else if (takenSn.has(sn) || seenSn.has(sn))
          errors.push(rowError(row, 'sn', '序列号已存在', 'This serial number is already registered'));
        if (!v.name) errors.push(rowError(row, 'name', '终端名称为必填项', 'The name is required'));
        const modelId = models.get(v.model.toLowerCase());
        if (!modelId) errors.push(rowError(row, 'model', '型号不存在', 'No such model'));
        const groupId = groups.get(v.group);
        if (!groupId) errors.push(rowError(row, 'group', '终端分组不存在', 'No such terminal group'));
        else if (addable && !addable.has(groupId)) {
          const { zh, en } = ERRORS.storeNotAddable;
          errors.push(rowError(row, 'group', zh, en));
        }
        if (!v.storeName)
          errors.push(rowError(row, 'storeName', '门店名称为必填项', 'The store name is required'));
        if (!MAC_PATTERN.test(v.mac))
          errors.push(rowError(row, 'mac', 'MAC 地址格式不正确', 'Not a valid MAC address'));
        else if (takenMac.has(mac) && mac !== null && !ownMacs.has(mac)) {
          const { zh, en } = ERRORS.terminalMacUnavailable;
          errors.push(rowError(row, 'mac', zh, en));
        } else if (takenMac.has(mac) || seenMac.has(mac))
          errors.push(
            rowError(row, 'mac', 'MAC 地址已被其他终端使用', 'This MAC address is used by another terminal'),
          );
        if (v.password && !TERMINAL_PASSWORD_PATTERN.test(v.password)) {
          const text = bilingual(
            '终端密码须为 4-16 位字母或数字',
            'The terminal password must be 4-16 letters or digits',
          );
          errors.push(rowError(row, 'password', text.params.zh, text.params.en));
        }
        seenSn.add(sn);
        seenMac.add(mac);
        if (errors.length === before)
          values.push({
            sn,
            name: v.name,
            modelId,
            groupId,
            storeName: v.storeName,
            mac,
            password: v.password || null,
            ownerId: auth.userId,
            status: 'shipped',
            createdAt: now,
            updatedAt: now,
          });
      }
      if (errors.length || values.length === 0) return { ok: false, imported: 0, errors };
      await repo.insertMany(values);
      return { ok: true, imported: values.length, errors: [] };
    },
  };
};

export type TerminalsService = ReturnType<typeof createTerminalsService>;

/** Statuses a factory exit record may create. */
export const isExitStatus = (s: string): s is Extract<TerminalStatus, 'warehoused' | 'shipped'> =>
  s === 'warehoused' || s === 'shipped';

/** Every terminal status, for validating imports. */
export const TERMINAL_STATUS_SET: ReadonlySet<string> = new Set(TERMINAL_STATUSES);
