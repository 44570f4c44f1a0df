import type { PageQuery, TerminalStatus } from '@cpm/contracts';
import { and, count, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { inDataScope } from '../../shared/data-scope';
import { pageOffset, toPage } from '../../shared/paging';
import { terminalGroups } from '../groups/groups.table';
import { users } from '../users/users.table';
import {
  modelPeripherals,
  onlineSamples,
  peripheralFaults,
  peripherals,
  terminalFavorites,
  terminalModels,
  terminals,
  terminalWarnings,
} from './devices.table';
import { buildTemplate, type ExcelColumn, readSheet } from './excel';
import { LONG_OFFLINE_MS, toTerminalRow } from './terminals.repository';
import { findAccountsByUsername, isExitStatus } from './terminals.service';

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

const EXIT_COLUMNS: ExcelColumn[] = [
  { key: 'sn', zh: '序列号', en: 'SN' },
  { key: 'model', zh: '型号', en: 'Model' },
  { key: 'status', zh: '状态 (warehoused/shipped)', en: 'Status' },
  { key: 'enterprise', zh: '企业账号', en: 'Enterprise account' },
  { key: 'productionDate', zh: '生产日期', en: 'Production date' },
  { key: 'shippingDate', zh: '发货日期', en: 'Shipping date' },
];

type ModelRow = typeof terminalModels.$inferSelect;
type PeripheralRow = typeof peripherals.$inferSelect;
type ModelInput = { id?: string; name: string; description?: string; state: 0 | 1 };
type PeripheralInput = Omit<PeripheralRow, 'id' | 'createdAt' | 'updatedAt' | 'pid' | 'vid'> & {
  id?: string;
  pid?: string;
  vid?: string;
};

const presentPeripheral = (p: PeripheralRow) => ({ ...p, createdAt: p.createdAt.toISOString() });

/**
 * Models, peripherals, model peripheral settings, faults, warnings, favourites, factory exit
 * records and the dashboard: the catalogue around the terminals.
 */
export const createCatalogueService = (deps: { db: Db; clock: Clock }) => {
  const { db, clock } = deps;

  const presentModel = async (m: ModelRow) => {
    const [{ n }] = await db.select({ n: count() }).from(terminals).where(eq(terminals.modelId, m.id));
    return { ...m, terminalCount: n, createdAt: m.createdAt.toISOString() };
  };

  const warningPage = async (auth: AuthContext, q: PageQuery & { kind?: string; handled?: boolean }) => {
    const where = and(
      inDataScope(auth, terminals.ownerId),
      q.kind ? eq(terminalWarnings.kind, q.kind as 'lowBattery') : undefined,
      q.handled === undefined ? undefined : eq(terminalWarnings.handled, q.handled),
    );
    const base = db
      .select({ w: terminalWarnings, sn: terminals.sn, name: terminals.name })
      .from(terminalWarnings)
      .innerJoin(terminals, eq(terminals.id, terminalWarnings.terminalId));
    const [rows, [{ total }]] = await Promise.all([
      base.where(where).orderBy(desc(terminalWarnings.at)).limit(q.size).offset(pageOffset(q)),
      db
        .select({ total: count() })
        .from(terminalWarnings)
        .innerJoin(terminals, eq(terminals.id, terminalWarnings.terminalId))
        .where(where),
    ]);
    return toPage(
      rows.map((r) => ({
        id: r.w.id,
        sn: r.sn,
        terminalName: r.name,
        kind: r.w.kind,
        detail: r.w.detail,
        at: r.w.at.toISOString(),
        alerted: r.w.alerted,
        handled: r.w.handled,
      })),
      total,
      q,
    );
  };

  return {
    async modelPage(q: PageQuery & { name?: string }) {
      const where = q.name ? sql`${terminalModels.name} ilike ${like(q.name)}` : undefined;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(terminalModels)
          .where(where)
          .orderBy(terminalModels.name)
          .limit(q.size)
          .offset(pageOffset(q)),
        db.select({ total: count() }).from(terminalModels).where(where),
      ]);
      return toPage(await Promise.all(rows.map(presentModel)), total, q);
    },
    modelList: () =>
      db
        .select({ id: terminalModels.id, name: terminalModels.name })
        .from(terminalModels)
        .where(eq(terminalModels.state, 1))
        .orderBy(terminalModels.name),
    async modelSave(input: ModelInput) {
      const now = clock.now();
      try {
        const values = {
          name: input.name,
          description: input.description ?? null,
          state: input.state,
          updatedAt: now,
        };
        const [row] = input.id
          ? await db.update(terminalModels).set(values).where(eq(terminalModels.id, input.id)).returning()
          : await db.insert(terminalModels).values(values).returning();
        if (!row) throw new AppError('notFound');
        return presentModel(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('modelNameTaken');
        throw err;
      }
    },
    async modelDelete(id: string) {
      const [{ n }] = await db.select({ n: count() }).from(terminals).where(eq(terminals.modelId, id));
      if (n > 0) throw new AppError('modelInUse');
      const deleted = await db.delete(terminalModels).where(eq(terminalModels.id, id)).returning();
      if (!deleted.length) throw new AppError('notFound');
      return null;
    },

    async peripheralPage(q: PageQuery & { name?: string; kind?: 'serial' | 'usb' }) {
      const where = and(
        q.name ? sql`${peripherals.name} ilike ${like(q.name)}` : undefined,
        q.kind ? eq(peripherals.kind, q.kind) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(peripherals)
          .where(where)
          .orderBy(peripherals.name)
          .limit(q.size)
          .offset(pageOffset(q)),
        db.select({ total: count() }).from(peripherals).where(where),
      ]);
      return toPage(rows.map(presentPeripheral), total, q);
    },
    peripheralList: () =>
      db.select({ id: peripherals.id, name: peripherals.name }).from(peripherals).orderBy(peripherals.name),
    async peripheralSave(input: PeripheralInput) {
      const { id, ...rest } = input;
      const values = {
        ...rest,
        pid: rest.pid?.toUpperCase().padStart(4, '0') ?? null,
        vid: rest.vid?.toUpperCase().padStart(4, '0') ?? null,
        updatedAt: clock.now(),
      };
      const [row] = id
        ? await db.update(peripherals).set(values).where(eq(peripherals.id, id)).returning()
        : await db.insert(peripherals).values(values).returning();
      if (!row) throw new AppError('notFound');
      return presentPeripheral(row);
    },
    async peripheralDelete(id: string) {
      const deleted = await db.delete(peripherals).where(eq(peripherals.id, id)).returning();
      if (!deleted.length) throw new AppError('notFound');
      return null;
    },

    async modelPeripheralPage(q: PageQuery & { modelId?: string }) {
      const where = q.modelId ? eq(modelPeripherals.modelId, q.modelId) : undefined;
      const [rows, [{ total }]] = await Promise.all([
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
          .limit(q.size)
          .offset(pageOffset(q)),
        db.select({ total: count() }).from(modelPeripherals).where(where),
      ]);
      return toPage(rows, total, q);
    },
    async modelPeripheralSave(input: {
      id?: string;
      modelId: string;
      peripheralId: string;
      required: boolean;
    }) {
      const [model] = await db.select().from(terminalModels).where(eq(terminalModels.id, input.modelId));
      if (!model) throw new AppError('modelUnknown');
      const [peripheral] = await db.select().from(peripherals).where(eq(peripherals.id, input.peripheralId));
      if (!peripheral) throw new AppError('peripheralUnknown');
      const { id, ...values } = input;
      try {
        const [row] = id
          ? await db.update(modelPeripherals).set(values).where(eq(modelPeripherals.id, id)).returning()
          : await db.insert(modelPeripherals).values(values).returning();
        if (!row) throw new AppError('notFound');
        return { ...values, id: row.id, modelName: model.name, peripheralName: peripheral.name };
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('modelPeripheralTaken');
        throw err;
      }
    },
    async modelPeripheralDelete(id: string) {
      const deleted = await db.delete(modelPeripherals).where(eq(modelPeripherals.id, id)).returning();
      if (!deleted.length) throw new AppError('notFound');
      return null;
    },

    async faultPage(auth: AuthContext, q: PageQuery & { sn?: string; handled?: boolean }) {
      const where = and(
        inDataScope(auth, terminals.ownerId),
        q.sn ? sql`${terminals.sn} like ${`${q.sn.toUpperCase()}%`}` : undefined,
        q.handled === undefined ? undefined : eq(peripheralFaults.handled, q.handled),
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ f: peripheralFaults, sn: terminals.sn, name: terminals.name })
          .from(peripheralFaults)
          .innerJoin(terminals, eq(terminals.id, peripheralFaults.terminalId))
          .where(where)
          .orderBy(desc(peripheralFaults.at))
          .limit(q.size)
          .offset(pageOffset(q)),
        db
          .select({ total: count() })
          .from(peripheralFaults)
          .innerJoin(terminals, eq(terminals.id, peripheralFaults.terminalId))
          .where(where),
      ]);
      return toPage(
        rows.map((r) => ({
          id: r.f.id,
          sn: r.sn,
          terminalName: r.name,
          peripheralName: r.f.peripheralName,
          kind: r.f.kind,
          detail: r.f.detail,
          at: r.f.at.toISOString(),
          handled: r.f.handled,
        })),
        total,
        q,
      );
    },
    async faultHandle(auth: AuthContext, ids: string[]) {
      const visible = db
        .select({ id: terminals.id })
        .from(terminals)
        .where(inDataScope(auth, terminals.ownerId) ?? sql`true`);
      const rows = await db
        .update(peripheralFaults)
        .set({ handled: true })
        .where(and(inArray(peripheralFaults.id, ids), inArray(peripheralFaults.terminalId, visible)))
        .returning({ id: peripheralFaults.id });
      return { handled: rows.length };
    },

    warningPage,
    async warningHandle(auth: AuthContext, ids: string[]) {
      const visible = db
        .select({ id: terminals.id })
        .from(terminals)
        .where(inDataScope(auth, terminals.ownerId) ?? sql`true`);
      const rows = await db
        .update(terminalWarnings)
        .set({ handled: true })
        .where(and(inArray(terminalWarnings.id, ids), inArray(terminalWarnings.terminalId, visible)))
        .returning({ id: terminalWarnings.id });
      return { handled: rows.length };
    },

    async favoritePage(auth: AuthContext, q: PageQuery) {
      const now = clock.now();
      const where = and(eq(terminalFavorites.userId, auth.userId), inDataScope(auth, terminals.ownerId));
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: terminals.id,
            sn: terminals.sn,
            name: terminals.name,
            platform: terminals.platform,
            modelId: terminals.modelId,
            modelName: terminalModels.name,
            ownerId: terminals.ownerId,
            ownerName: users.name,
            groupId: terminals.groupId,
            groupName: terminalGroups.name,
            storeName: terminals.storeName,
            mac: terminals.mac,
            status: terminals.status,
            online: terminals.online,
            lastSeenAt: terminals.lastSeenAt,
            battery: terminals.battery,
            ip: terminals.ip,
            osVersion: terminals.osVersion,
            agentVersion: terminals.agentVersion,
            activationDate: terminals.activationDate,
            createdAt: terminals.createdAt,
          })
          .from(terminalFavorites)
          .innerJoin(terminals, eq(terminals.id, terminalFavorites.terminalId))
          .leftJoin(terminalModels, eq(terminalModels.id, terminals.modelId))
          .leftJoin(terminalGroups, eq(terminalGroups.id, terminals.groupId))
          .leftJoin(users, eq(users.id, terminals.ownerId))
          .where(where)
          .orderBy(desc(terminalFavorites.createdAt))
          .limit(q.size)
          .offset(pageOffset(q)),
        db
          .select({ total: count() })
          .from(terminalFavorites)
          .innerJoin(terminals, eq(terminals.id, terminalFavorites.terminalId))
          .where(where),
      ]);
      return toPage(
        rows.map((r) => toTerminalRow(r, now)),
        total,
        q,
      );
    },
    async favoriteToggle(auth: AuthContext, sns: string[], favorite: boolean) {
      const found = await db
        .select({ id: terminals.id })
        .from(terminals)
        .where(
          and(
            inDataScope(auth, terminals.ownerId),
            inArray(
              terminals.sn,
              sns.map((s) => s.toUpperCase()),
            ),
          ),
        );
      if (!found.length) return { changed: 0 };
      const ids = found.map((f) => f.id);
      const rows = favorite
        ? await db
            .insert(terminalFavorites)
            .values(ids.map((terminalId) => ({ userId: auth.userId, terminalId })))
            .onConflictDoNothing()
            .returning()
        : await db
            .delete(terminalFavorites)
            .where(and(eq(terminalFavorites.userId, auth.userId), inArray(terminalFavorites.terminalId, ids)))
            .returning();
      return { changed: rows.length };
    },

    async exitRecordPage(auth: AuthContext, q: PageQuery & { sn?: string; status?: TerminalStatus }) {
      const where = and(
        inDataScope(auth, terminals.ownerId),
        isNotNull(terminals.productionDate),
        q.sn ? sql`${terminals.sn} like ${`${q.sn.toUpperCase()}%`}` : undefined,
        q.status ? eq(terminals.status, q.status) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: terminals.id,
            sn: terminals.sn,
            modelName: terminalModels.name,
            status: terminals.status,
            ownerName: users.name,
            productionDate: terminals.productionDate,
            shippingDate: terminals.shippingDate,
            createdAt: terminals.createdAt,
          })
          .from(terminals)
          .leftJoin(terminalModels, eq(terminalModels.id, terminals.modelId))
          .leftJoin(users, eq(users.id, terminals.ownerId))
          .where(where)
          .orderBy(desc(terminals.createdAt), desc(terminals.id))
          .limit(q.size)
          .offset(pageOffset(q)),
        db.select({ total: count() }).from(terminals).where(where),
      ]);
      return toPage(
        rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total,
        q,
      );
    },
    exitTemplate: () =>
      buildTemplate('exit records', EXIT_COLUMNS, [
        'P2000123456',
        'P2',
        'shipped',
        'acme',
        '2026-01-05',
        '2026-02-01',
      ]),
    /** Creates warehoused or shipped terminals from an SN list; all rows or none. */
    async exitImport(auth: AuthContext, content: Buffer) {
      const rows = await readSheet(content, EXIT_COLUMNS);
      const errors: { row: number; field: string; message: string; messageEn: string }[] = [];
      const err = (row: number, field: string, message: string, messageEn: string) =>
        errors.push({ row, field, message, messageEn });
      const models = new Map(
        (await db.select({ id: terminalModels.id, name: terminalModels.name }).from(terminalModels)).map(
          (m) => [m.name.toLowerCase(), m.id],
        ),
      );
      const accounts = new Map(
        (await findAccountsByUsername(db, auth, rows.map((r) => r.values.enterprise).filter(Boolean))).map(
          (a) => [a.username.toLowerCase(), a.id],
        ),
      );
      const sns = rows.map((r) => r.values.sn.toUpperCase()).filter(Boolean);
      const taken = new Set(
        sns.length
          ? (await db.select({ sn: terminals.sn }).from(terminals).where(inArray(terminals.sn, sns))).map(
              (t) => t.sn,
            )
          : [],
      );
      const seen = new Set<string>();
      const now = clock.now();
      const values: (typeof terminals.$inferInsert)[] = [];
      const dateOk = (v: string) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v);
      for (const { row, values: v } of rows) {
        const before = errors.length;
        const sn = v.sn.toUpperCase();
        if (!/^[A-Z0-9][A-Z0-9_-]{3,63}$/.test(sn))
          err(row, 'sn', '序列号格式不正确', 'Not a valid serial number');
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
      await db.transaction(async (tx) => {
        for (let i = 0; i < values.length; i += 500)
          await tx.insert(terminals).values(values.slice(i, i + 500));
      });
      return { ok: true, imported: values.length, errors: [] };
    },

    async dashboard(auth: AuthContext) {
      const now = clock.now();
      const scope = inDataScope(auth, terminals.ownerId);
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const [figures] = await db
        .select({
          total: count(),
          online: sql<number>`count(*) filter (where ${terminals.online})::int`,
          longOffline: sql<number>`count(*) filter (where not ${terminals.online} and ${terminals.lastSeenAt} < ${new Date(now.getTime() - LONG_OFFLINE_MS)})::int`,
          activatedThisMonth: sql<number>`count(*) filter (where ${terminals.activationDate} >= ${monthStart})::int`,
        })
        .from(terminals)
        .where(scope);
      const byStatus = await db
        .select({ status: terminals.status, count: count() })
        .from(terminals)
        .where(scope)
        .groupBy(terminals.status);
      const byModel = await db
        .select({ model: sql<string>`coalesce(${terminalModels.name}, '-')`, count: count() })
        .from(terminals)
        .leftJoin(terminalModels, eq(terminalModels.id, terminals.modelId))
        .where(scope)
        .groupBy(terminalModels.name)
        .orderBy(desc(count()))
        .limit(10);
      // Samples are fleet-wide; a tenant sees them scaled to its own share of the fleet.
      const samples = await db
        .select()
        .from(onlineSamples)
        .where(gte(onlineSamples.at, new Date(now.getTime() - 24 * 3600 * 1000)))
        .orderBy(onlineSamples.at);
      const scoped = auth.dataScope !== 'all';
      const onlineTrend = samples.map((s) => ({
        at: s.at.toISOString(),
        online: scoped && s.total > 0 ? Math.round((s.online * figures.total) / s.total) : s.online,
      }));
      // The current count closes the line, so a young fleet shows a trend from its first hour.
      onlineTrend.push({ at: now.toISOString(), online: figures.online });
      const latest = await warningPage(auth, { current: 1, size: 5, handled: false });
      return {
        total: figures.total,
        online: figures.online,
        offline: figures.total - figures.online,
        longOffline: figures.longOffline,
        activatedThisMonth: figures.activatedThisMonth,
        byStatus: byStatus.map((s) => ({ status: s.status, count: s.count })),
        byModel,
        onlineTrend,
        latestWarnings: latest.records,
      };
    },
  };
};

export type CatalogueService = ReturnType<typeof createCatalogueService>;
