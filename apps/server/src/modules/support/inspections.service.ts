import {
  type CheckedItem,
  type ItemResult,
  type PageQuery,
  PROCESS_TRANSITIONS,
  type ProcessAction,
  type ProcessDetail,
  type ProcessRow,
  type ProcessSave,
  type ProcessStatus,
  processActionsFrom,
  type RecordDetail,
  type RecordFilter,
  type RecordRow,
  type RecordSave,
  type Standard,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { AnnounceDomainEvent } from '../../shared/domain-events';
import { pageOffset, toPage } from '../../shared/paging';
import { requireAddOrEdit, requirePermission } from '../../shared/permissions';
import type { InspectionRecord, InspectionsRepository, ProcessRecord } from './inspections.repository';
import type { OrdersService } from './orders.service';

type MediaRecord = { id: string; kind: string; size: number };

/** Which button each process action needs. */
const ACTION_PERMISSION: Record<ProcessAction, string> = {
  publish: 'support:process:publish',
  disable: 'support:process:publish',
  enable: 'support:process:publish',
  delete: 'support:process:delete',
};

const countItems = (standards: Standard[]) => standards.reduce((n, s) => n + s.items.length, 0);

const toProcessRow = (p: ProcessRecord, standards: Standard[]): ProcessRow => ({
  id: p.id,
  name: p.name,
  description: p.description,
  status: p.status as ProcessStatus,
  version: p.version,
  versionId: p.currentVersionId,
  standardCount: standards.length,
  itemCount: countItems(standards),
  ownerId: p.ownerId,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

const toRecordRow = (r: InspectionRecord): RecordRow => ({
  id: r.id,
  processId: r.processId,
  processName: r.processName,
  version: r.version,
  storeName: r.storeName,
  contact: r.contact,
  phone: r.phone,
  address: r.address,
  inspectorName: r.inspectorName,
  visitedAt: r.visitedAt.toISOString(),
  lat: r.lat,
  lng: r.lng,
  failedCount: r.failedCount,
  itemCount: r.itemCount,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Checks every content item of a version against the results given: each needs its result (a
 * pass/fail answer or a value), and a photo where the item asks for one. Throws `recordItemMissing`
 * naming the items left empty.
 */
export const checkResults = (standards: Standard[], results: ItemResult[]): CheckedItem[] => {
  const byKey = new Map(results.map((r) => [r.key, r]));
  const missing: string[] = [];
  const checked: CheckedItem[] = [];
  for (const s of standards)
    for (const item of s.items) {
      const r = byKey.get(item.key);
      const answered = item.kind === 'passFail' ? r?.passed != null : r?.value != null;
      if (!r || !answered || (item.photoRequired && r.photoIds.length === 0)) {
        missing.push(item.key);
        continue;
      }
      const ok =
        item.kind === 'passFail'
          ? r.passed === true
          : (item.min == null || (r.value as number) >= item.min) &&
            (item.max == null || (r.value as number) <= item.max);
      checked.push({
        ...r,
        standard: s.name,
        content: item.content,
        kind: item.kind,
        min: item.min ?? null,
        max: item.max ?? null,
        unit: item.unit ?? null,
        ok,
      });
    }
  if (missing.length)
    throw new AppError('recordItemMissing', {
      errors: missing.map((key) => ({
        field: `body.results.${key}`,
        message: '必填检查项未填写',
        messageEn: 'A required content item is empty',
      })),
    });
  return checked;
};

/** Inspection processes (versioned checklists with a state machine) and the records filed against them. */
export const createInspectionsService = (deps: {
  repo: InspectionsRepository;
  clock: Clock;
  media(auth: AuthContext, id: string): Promise<MediaRecord | null | undefined>;
  orders: Pick<OrdersService, 'create' | 'ofRecord'>;
  /** A short-lived link to a stored photo (blobs module). */
  signUrl(blobId: string): string;
  /** An open proposed inspection in the caller's scope (peripheral health). */
  proposalVisible(auth: AuthContext, id: string): Promise<boolean>;
  /** Hears inspection state changes (webhooks). */
  domainEvent?: AnnounceDomainEvent;
}) => {
  const { repo, clock } = deps;

  const mustFindProcess = async (auth: AuthContext, id: string) => {
    const p = await repo.findProcess(auth, id);
    if (!p) throw new AppError('processNotFound');
    return p;
  };

  const processDetail = async (
    auth: AuthContext,
    p: ProcessRecord,
    versionId?: string,
  ): Promise<ProcessDetail> => {
    const v = await repo.findVersion(p.id, versionId ?? p.currentVersionId);
    if (!v) throw new AppError('processNotFound');
    const status = p.status as ProcessStatus;
    const [versions, history, recordCount] = await Promise.all([
      repo.versionsOf(p.id),
      repo.processHistory(p.id),
      repo.countRecordsOf(p.id),
    ]);
    return {
      ...toProcessRow(p, v.standards),
      version: v.version,
      versionId: v.id,
      standards: v.standards,
      actions: processActionsFrom(status).filter((a) => auth.permissions.has(ACTION_PERMISSION[a])),
      versions,
      history,
      recordCount,
    };
  };

  const canReadProcesses = (auth: AuthContext) =>
    ['support:process:view', 'support:processDetail:view', 'support:record:view'].some((k) =>
      auth.permissions.has(k),
    );

  const event = (auth: AuthContext, kind: string) => ({
    kind,
    actorId: auth.userId,
    actorName: auth.username,
    at: clock.now(),
  });

  return {
    async processPage(auth: AuthContext, q: PageQuery & { name?: string; status?: ProcessStatus }) {
      const [rows, total] = await Promise.all([
        repo.listProcesses(auth, q, pageOffset(q), q.size),
        repo.countProcesses(auth, q),
      ]);
      return toPage(
        rows.map((r) => toProcessRow(r.p, r.standards)),
        total,
        q,
      );
    },

    async processDetail(auth: AuthContext, id: string, versionId?: string) {
      if (!canReadProcesses(auth)) throw new AppError('forbidden');
      return processDetail(auth, await mustFindProcess(auth, id), versionId);
    },

    /** A new process starts as a draft; editing a draft rewrites it, editing any other state adds a version. */
    async saveProcess(auth: AuthContext, input: ProcessSave) {
      requireAddOrEdit(auth, 'support:process', input.id);
      const now = clock.now();
      if (!input.id) {
        const p = await repo.createProcess(
          { name: input.name, description: input.description, ownerId: auth.userId, now },
          input.standards,
          { ...event(auth, 'create'), fromStatus: null, toStatus: 'draft', version: 1 },
        );
        return { id: p.id, version: p.version, versionId: p.currentVersionId };
      }
      const current = await mustFindProcess(auth, input.id);
      if (current.status === 'deleted') throw new AppError('processDeletedEdit');
      const p = await repo.editProcess(
        current,
        { name: input.name, description: input.description, now },
        input.standards,
        current.status !== 'draft',
        {
          ...event(auth, 'edit'),
          fromStatus: current.status,
          toStatus: current.status,
          version: current.version,
        },
      );
      if (!p) throw new AppError('processTransitionRefused');
      return { id: p.id, version: p.version, versionId: p.currentVersionId };
    },

    async transitionProcess(auth: AuthContext, id: string, action: ProcessAction) {
      requirePermission(auth, ACTION_PERMISSION[action]);
      await mustFindProcess(auth, id);
      const t = PROCESS_TRANSITIONS[action];
      const p = await repo.transitionProcess(id, t.from, t.to, clock.now(), event(auth, action));
      if (!p) throw new AppError('processTransitionRefused');
      deps.domainEvent?.({
        type: 'inspection.stateChanged',
        ownerId: p.ownerId,
        objectKey: `inspectionProcess:${p.id}`,
        data: { processId: p.id, name: p.name, action, status: p.status },
      });
      return processDetail(auth, p);
    },

    async recordPage(auth: AuthContext, q: PageQuery & RecordFilter) {
      const [rows, total] = await Promise.all([
        repo.listRecords(auth, q, pageOffset(q), q.size),
        repo.countRecords(auth, q),
      ]);
      return toPage(rows.map(toRecordRow), total, q);
    },

    async recordDetail(auth: AuthContext, id: string): Promise<RecordDetail> {
      const r = await repo.findRecord(auth, id);
      if (!r) throw new AppError('recordNotFound');
      const photoUrls = Object.fromEntries(
        r.results.flatMap((c) => c.photoIds).map((photoId) => [photoId, deps.signUrl(photoId)]),
      );
      return { ...toRecordRow(r), results: r.results, orders: await deps.orders.ofRecord(r.id), photoUrls };
    },

    /** The records under the filter for an export: their count and batches of rows. */
    exportRows(auth: AuthContext, f: RecordFilter) {
      return {
        count: () => repo.countRecords(auth, f),
        batches: async function* () {
          for await (const rows of repo.recordBatches(auth, f))
            yield rows.map((r) => ({ ...toRecordRow(r), failed: r.results.filter((c) => !c.ok) }));
        },
      };
    },

    /** Files a record against the current version of an active process; nothing is stored when refused. */
    async addRecord(auth: AuthContext, input: RecordSave) {
      const p = await mustFindProcess(auth, input.processId);
      if (p.status !== 'active') throw new AppError('processNotActive');
      const v = await repo.findVersion(p.id, p.currentVersionId);
      if (!v) throw new AppError('processNotFound');
      const checked = checkResults(v.standards, input.results);
      for (const id of checked.flatMap((c) => c.photoIds)) {
        const m = await deps.media(auth, id);
        if (m?.kind !== 'supportMedia') throw new AppError('orderMediaInvalid');
      }
      const failedCount = checked.filter((c) => !c.ok).length;
      if (input.proposalId && !(await deps.proposalVisible(auth, input.proposalId)))
        throw new AppError('proposalNotFound');
      const row = await repo.insertRecord(input.proposalId ?? null, {
        processId: p.id,
        versionId: v.id,
        processName: p.name,
        version: v.version,
        storeName: input.storeName,
        contact: input.contact,
        phone: input.phone,
        address: input.address,
        inspectorId: auth.userId,
        inspectorName: auth.username,
        visitedAt: new Date(input.visitedAt),
        lat: input.lat ?? null,
        lng: input.lng ?? null,
        results: checked,
        failedCount,
        itemCount: checked.length,
        ownerId: auth.userId,
        createdAt: clock.now(),
      });
      if (!row) throw new AppError('proposalNotFound');
      deps.domainEvent?.({
        type: 'inspection.stateChanged',
        ownerId: auth.userId,
        objectKey: `inspectionRecord:${row.id}`,
        data: {
          recordId: row.id,
          processId: p.id,
          status: 'recorded',
          failedCount,
          storeName: input.storeName,
        },
      });
      return { id: row.id, failedCount };
    },

    /**
     * Opens an after-sales order from a failed item, with the record's store, contact and the item's
     * photos. One order per item: the database refuses a second, so two clicks cannot open two.
     */
    async openOrder(
      auth: AuthContext,
      input: { id: string; key: string; faultType: string; requestKey?: string },
    ) {
      const r = await repo.findRecord(auth, input.id);
      if (!r) throw new AppError('recordNotFound');
      const item = r.results.find((c) => c.key === input.key);
      if (!item || item.ok) throw new AppError('recordItemNotFailed');
      const measured = item.kind === 'value' ? ` = ${item.value}${item.unit ?? ''}` : '';
      const made = await deps.orders.create(
        auth,
        {
          storeName: r.storeName,
          contact: r.contact,
          phone: r.phone,
          faultType: input.faultType,
          description: `${r.processName} v${r.version} / ${item.standard} / ${item.content}${measured}${item.note ? `: ${item.note}` : ''}`,
          priority: 'normal',
          mediaIds: item.photoIds,
          requestKey: input.requestKey,
        },
        { source: 'inspection', recordId: r.id, recordItemKey: item.key },
      );
      return { orderId: made.id, number: made.number };
    },
  };
};

export type InspectionsService = ReturnType<typeof createInspectionsService>;
