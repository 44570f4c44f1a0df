import { randomUUID } from 'node:crypto';
import type { apps, appVersions } from '../modules/appmarket/appmarket.table';
import type { TerminalRecord, TerminalsRepository } from '../modules/devices/terminals.repository';
import type { BootAnimationRecord, WallpaperRecord } from '../modules/media/media.repository';
import type { ScheduleRecord } from '../modules/reports/reports.repository';
import type {
  ApiKeyRecord,
  ServiceAccountRecord,
} from '../modules/serviceaccounts/serviceaccounts.repository';
import type { OrderRecord } from '../modules/support/orders.repository';
import type { RunRecord, TaskRecord } from '../modules/tasks/tasks.repository';
import type { AuthContext } from '../plugins/auth-context';

/** The moment every record below is made at, unless a test says otherwise. */
export const RECORD_TIME = new Date('2026-06-01T08:00:00Z');

const hoursLater = (hours: number) => new Date(RECORD_TIME.getTime() + hours * 3_600_000);

/** A signed-in caller for a service: an enterprise account seeing its own tree, holding `permissions`. */
export const authOf = (over: Partial<Omit<AuthContext, 'permissions'>> & { permissions?: string[] } = {}) => {
  const { permissions = [], ...rest } = over;
  return {
    userId: randomUUID(),
    sessionId: randomUUID(),
    username: 'ent',
    state: 1,
    dataScope: 'tree',
    ...rest,
    permissions: new Set(permissions),
  } satisfies AuthContext;
};

/** A one-off Android file push owned by `ownerId`, running, expiring a day after RECORD_TIME. */
export const taskRecord = (over: Partial<TaskRecord> = {}): TaskRecord => {
  const ownerId = over.ownerId ?? randomUUID();
  return {
    id: randomUUID(),
    name: 'Push price list',
    nameText: null,
    nameSearch: null,
    type: 'file_push',
    platform: 'android',
    params: { fileId: randomUUID(), path: '/sdcard/Download' },
    resource: null,
    summary: '',
    targets: { sns: ['SN0001'], groupIds: [], modelIds: [], ownerIds: [] },
    whitelistId: null,
    conditions: {},
    rollout: null,
    schedule: { kind: 'once' },
    timezone: 'UTC',
    startAt: RECORD_TIME,
    expireAt: hoursLater(24),
    nextRunAt: null,
    status: 'normal',
    statusReason: null,
    statusReasonEn: null,
    approvalRequired: false,
    decidedBy: null,
    decidedAt: null,
    rejectReason: null,
    currentRunId: null,
    runCount: 0,
    copiedFrom: null,
    ownerId,
    createdBy: ownerId,
    scopeAll: false,
    createdAt: RECORD_TIME,
    updatedAt: RECORD_TIME,
    ...over,
  };
};

/** The first run of a task, open for a day. */
export const runRecord = (over: Partial<RunRecord> = {}): RunRecord => ({
  id: randomUUID(),
  taskId: randomUUID(),
  seq: 1,
  status: 'open',
  startsAt: RECORD_TIME,
  endsAt: hoursLater(24),
  planned: 1,
  total: 1,
  releasedWave: 1,
  waveReleasedAt: null,
  fanoutJobId: null,
  createdAt: RECORD_TIME,
  ...over,
});

/** A submitted, unassigned manual order about one terminal. */
export const orderRecord = (over: Partial<OrderRecord> = {}): OrderRecord => {
  const ownerId = over.ownerId ?? randomUUID();
  return {
    id: randomUUID(),
    seq: 1,
    sn: 'SN0001',
    modelName: 'P2',
    enterpriseName: 'Enterprise',
    storeName: 'Store',
    contact: 'Li',
    phone: '13800000000',
    faultType: 'screen',
    description: 'Screen stays dark',
    priority: 'normal',
    status: 'submitted',
    assigneeId: null,
    assigneeName: null,
    dueAt: null,
    rejectReason: null,
    source: 'manual',
    requestKey: null,
    healthKey: null,
    recordId: null,
    recordItemKey: null,
    ownerId,
    createdBy: ownerId,
    createdAt: RECORD_TIME,
    updatedAt: RECORD_TIME,
    ...over,
  };
};

/** An enrolled, activated Android terminal, offline, with nothing reported yet. */
export const terminalRecord = (over: Partial<TerminalRecord> = {}): TerminalRecord => ({
  id: randomUUID(),
  sn: 'SN0001',
  name: 'SN0001',
  platform: 'android',
  modelId: null,
  ownerId: randomUUID(),
  groupId: null,
  storeName: '',
  mac: null,
  password: null,
  status: 'activated',
  online: false,
  lastSeenAt: null,
  onlineChangedAt: null,
  productionDate: null,
  shippingDate: null,
  activationDate: null,
  secretHash: null,
  enrolledAt: null,
  osVersion: null,
  firmwareVersion: null,
  agentVersion: null,
  hardware: {},
  apps: [],
  peripherals: [],
  helloAt: null,
  battery: null,
  ip: null,
  metrics: {},
  bootCount: 0,
  lastBootAt: null,
  lastShutdownAt: null,
  lat: null,
  lng: null,
  locatedAt: null,
  createdAt: RECORD_TIME,
  updatedAt: RECORD_TIME,
  ...over,
});

/** A 1920x1080 PNG wallpaper. */
export const wallpaperRecord = (over: Partial<WallpaperRecord> = {}): WallpaperRecord => ({
  id: randomUUID(),
  name: 'lobby.png',
  kind: 'image',
  mediaType: 'image/png',
  width: 1920,
  height: 1080,
  size: 2048,
  durationMs: null,
  description: null,
  blobId: randomUUID(),
  sha256: 'a'.repeat(64),
  ownerId: randomUUID(),
  createdBy: null,
  createdAt: RECORD_TIME,
  ...over,
});

/** A 20-frame PNG boot animation in one part. */
export const bootAnimationRecord = (over: Partial<BootAnimationRecord> = {}): BootAnimationRecord => ({
  id: randomUUID(),
  name: 'Welcome',
  format: 'png',
  width: 720,
  height: 1280,
  fps: 10,
  description: null,
  parts: [{ folder: 'part0', count: 0, pause: 0, frames: 20 }],
  frames: Array.from({ length: 20 }, (_, i) => ({ offset: 100 + i * 50, size: 50, type: 'png' as const })),
  blobId: randomUUID(),
  sha256: 'b'.repeat(64),
  size: 4096,
  ownerId: randomUUID(),
  createdBy: null,
  createdAt: RECORD_TIME,
  ...over,
});

/** A terminal as the list query answers it: its record with model, owner and group names joined. */
export type TerminalListRecord = NonNullable<Awaited<ReturnType<TerminalsRepository['findRowBySn']>>>;

/** A terminal as the list query answers it, with no model, owner or group names. */
export const terminalListRecord = (over: Partial<TerminalListRecord> = {}): TerminalListRecord => {
  const t = terminalRecord();
  return {
    id: t.id,
    sn: t.sn,
    name: t.name,
    platform: t.platform,
    modelId: t.modelId,
    modelName: null,
    ownerId: t.ownerId,
    ownerName: null,
    groupId: t.groupId,
    groupName: null,
    storeName: t.storeName,
    mac: t.mac,
    status: t.status,
    online: t.online,
    lastSeenAt: t.lastSeenAt,
    battery: t.battery,
    ip: t.ip,
    osVersion: t.osVersion,
    agentVersion: t.agentVersion,
    activationDate: t.activationDate,
    createdAt: t.createdAt,
    ...over,
  };
};

/** A public Android app of `ownerId`, not yet on the shelf. Typed from the table, as the app market's repository reads it. */
export const appRecord = (over: Partial<typeof apps.$inferSelect> = {}): typeof apps.$inferSelect => {
  const ownerId = over.ownerId ?? randomUUID();
  return {
    id: randomUUID(),
    platform: 'android',
    name: 'DemoPay',
    packageName: 'com.cpm.demo',
    type: '',
    description: '',
    notes: '',
    visibility: 'public',
    shelf: 'unlaunched',
    iconBlobId: null,
    signerSha256: 'd'.repeat(64),
    ownerId,
    createdBy: ownerId,
    createdAt: RECORD_TIME,
    updatedAt: RECORD_TIME,
    ...over,
  };
};

/** Version 1.0.0 (code 1) of an app, a draft never reviewed or released. */
export const appVersionRecord = (
  over: Partial<typeof appVersions.$inferSelect> = {},
): typeof appVersions.$inferSelect => ({
  id: randomUUID(),
  appId: randomUUID(),
  versionCode: 1,
  versionName: '1.0.0',
  blobId: randomUUID(),
  sha256: 'e'.repeat(64),
  size: 4096,
  fileName: 'demo.apk',
  minSdk: 24,
  targetSdk: 34,
  permissions: [],
  label: 'DemoPay',
  signerSha256: 'd'.repeat(64),
  signerSubject: 'CN=Demo',
  signerLineage: ['d'.repeat(64)],
  schemes: ['v2'],
  installer: null,
  installArgs: '',
  releaseNotesEn: '',
  releaseNotesZh: '',
  osMin: null,
  osMax: null,
  models: [],
  autoUpdate: false,
  reviewStatus: 'draft',
  rejectReason: null,
  releaseStatus: 'none',
  graySns: [],
  health: {},
  pauseReason: null,
  releasedAt: null,
  createdBy: null,
  createdAt: RECORD_TIME,
  updatedAt: RECORD_TIME,
  ...over,
});

/** An enabled service account of `ownerId` holding a role. */
export const serviceAccountRecord = (over: Partial<ServiceAccountRecord> = {}): ServiceAccountRecord => ({
  id: randomUUID(),
  name: 'POS bridge',
  description: null,
  roleId: randomUUID(),
  ownerId: randomUUID(),
  createdBy: null,
  enabled: true,
  createdAt: RECORD_TIME,
  updatedAt: RECORD_TIME,
  ...over,
});

/** A live API key issued at RECORD_TIME for a day, reading terminals; its hash is of `secret` when given. */
export const apiKeyRecord = (over: Partial<ApiKeyRecord> = {}): ApiKeyRecord => ({
  id: randomUUID(),
  serviceAccountId: randomUUID(),
  prefix: 'cpk_0123456789ab',
  secretHash: '',
  name: 'till sync',
  scopes: ['device:terminal:view'],
  expiresAt: hoursLater(24),
  allowedSources: [],
  rateLimitPerMinute: 600,
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: null,
  replacedById: null,
  createdAt: RECORD_TIME,
  ...over,
});

/** A daily fleet report of an account at 09:00 Shanghai time, in Chinese, due the day after RECORD_TIME. */
export const reportScheduleRecord = (over: Partial<ScheduleRecord> = {}): ScheduleRecord => ({
  id: randomUUID(),
  name: 'Morning fleet',
  email: 'ops@example.test',
  frequency: 'daily',
  hour: 9,
  weekday: null,
  monthDay: null,
  timeZone: 'Asia/Shanghai',
  language: 'zh',
  sections: ['fleet', 'offline'],
  paused: false,
  nextRunAt: new Date('2026-06-02T01:00:00Z'),
  lastSentAt: null,
  ownerId: randomUUID(),
  createdBy: null,
  createdAt: RECORD_TIME,
  updatedAt: RECORD_TIME,
  ...over,
});
