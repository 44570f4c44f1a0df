import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { type App, type AppDeps, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { terminals, users } from '../db/schema';
import type { Clock } from '../shared/clock';
import {
  ADMIN_PASSWORD,
  type DatabaseTemplates,
  openNewPostgres,
  openPgliteClone,
  openPostgresClone,
  seedTemplate,
  type TemplateKind,
} from './database-template';

export { ADMIN_PASSWORD };

/** A clock tests can move. */
export const createTestClock = (start = new Date('2026-06-01T08:00:00Z')) => {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
};

/** The snapshots the run's global setup made; none outside Vitest (benchmarks import this file too). */
const providedTemplates = async (): Promise<DatabaseTemplates | undefined> => {
  if (!process.env.VITEST) return undefined;
  const { inject } = await import('vitest');
  const templates = inject('databaseTemplates');
  if (!templates) throw new Error('no database templates: run the tests with apps/server/vitest.config.ts');
  return templates;
};

/** A fresh database with nothing in it, migrated on the spot (outside a test run). */
const openFreshDatabase = async (): Promise<Database> => {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openDatabase({ databaseUrl: 'memory://', dataDir: '' });
  return openNewPostgres(base);
};

/**
 * A database for one test file, copied from the run's snapshot: `migrated` (schema only, the
 * default) or `seeded` (default menu, roles, dictionaries, `admin` with ADMIN_PASSWORD, keys). A
 * fresh PostgreSQL database when TEST_DATABASE_URL is set (dropped on close), else an in-memory PGlite.
 */
export const openTestDatabase = async (opts: { from?: TemplateKind } = {}): Promise<Database> => {
  const from = opts.from ?? 'migrated';
  const templates = await providedTemplates();
  if (!templates) {
    const database = await openFreshDatabase();
    if (from === 'seeded') await seedTemplate(database.db);
    return database;
  }
  return templates.kind === 'pglite'
    ? openPgliteClone(templates.root, templates[from])
    : openPostgresClone(templates.base, templates[from]);
};

/** A seeded test database holding enrolled terminals with these SNs (named after them), owned by `admin`. */
export const openDatabaseWithTerminals = async (sns: readonly string[]): Promise<Database> => {
  const database = await openTestDatabase({ from: 'seeded' });
  const [admin] = await database.db.select().from(users).where(eq(users.username, 'admin'));
  await database.db.insert(terminals).values(sns.map((sn) => ({ sn, name: sn, ownerId: admin.id })));
  return database;
};

/** Test configuration: captcha off (tests that need it turn it on), quiet logs, no TCP broker port. */
export const testConfig = (overrides: Record<string, string> = {}): Config =>
  loadConfig({
    LOG_LEVEL: 'silent',
    CAPTCHA: 'off',
    MQTT_PORT: '0',
    REMOTE_PORT: '0',
    ADMIN_PASSWORD,
    WEB_DIST: '/nonexistent-console',
    // Test files run side by side on one external broker; a share group each keeps them from taking
    // each other's terminal messages.
    MQTT_SHARE_GROUP: `cpm-test-${randomUUID().slice(0, 8)}`,
    // A test's clock stands still, so no window of the call limits would ever end: tests that are
    // about the limits set their own.
    RATE_FILES_PER_MINUTE: '0',
    RATE_JOBS_PER_MINUTE: '0',
    RATE_LINKS_PER_MINUTE: '0',
    RATE_SSO_PER_MINUTE: '0',
    ...overrides,
  });

export type TestApp = App & { clock: ReturnType<typeof createTestClock>; close(): Promise<void> };

/** Builds the real app on a test database, ready for `app.inject`. */
export const createTestApp = async (
  opts: {
    env?: Record<string, string>;
    broker?: boolean;
    clock?: ReturnType<typeof createTestClock>;
    logStream?: { write(line: string): void };
    gateway?: AppDeps['gateway'];
    sessionCheckMs?: number;
    appInstaller?: AppDeps['appInstaller'];
    jobs?: AppDeps['jobs'];
    tasks?: AppDeps['tasks'];
  } = {},
): Promise<TestApp> => {
  const database = await openTestDatabase({ from: 'seeded' });
  const clock = opts.clock ?? createTestClock();
  const built = await buildApp({
    config: testConfig(opts.env),
    database,
    clock,
    broker: opts.broker ?? false,
    logStream: opts.logStream,
    gateway: opts.gateway,
    sessionCheckMs: opts.sessionCheckMs,
    appInstaller: opts.appInstaller,
    jobs: opts.jobs,
    tasks: opts.tasks,
  });
  await built.app.ready();
  return {
    ...built,
    clock,
    async close() {
      await built.app.close();
      await database.close();
    },
  };
};

/** The app keeping its files in a new folder `cpm-<name>-…` (no sweeping); `close` also removes the folder. */
export const createFilesTestApp = async (name: string, opts: Parameters<typeof createTestApp>[0] = {}) => {
  const dataDir = await mkdtemp(path.join(tmpdir(), `cpm-${name}-`));
  const t = await createTestApp({
    ...opts,
    env: { DATA_DIR: dataDir, BLOB_SWEEP_MINUTES: '0', ...opts.env },
  });
  return {
    ...t,
    dataDir,
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** Logs in through the real endpoints (captcha off) and returns the token and user id. */
export const loginAs = async (app: App['app'], username: string, password: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/v1/oauth/login/cpmDoLogin',
    payload: { username, password, captchaId: 'x', captchaCode: 'x', sysCode: 'cpm' },
  });
  const body = res.json();
  if (body.code !== 1) throw new Error(`login failed: ${res.body}`);
  return { token: body.result.tokenValue as string, userId: body.result.userVo.id as string };
};

/**
 * The broker set-ups a live-events test runs under: the embedded one, and the external one too when
 * TEST_MQTT_URL is set. The second server pass of `npm test` (SERVER_TESTS=storage) runs only the
 * external one when it has it: the first pass ran the embedded one.
 */
export const brokerModes = () => [
  ...(process.env.TEST_MQTT_URL && process.env.SERVER_TESTS === 'storage'
    ? []
    : [{ name: 'embedded broker', env: {} as Record<string, string> }]),
  ...(process.env.TEST_MQTT_URL
    ? [{ name: 'external broker', env: { MQTT_URL: process.env.TEST_MQTT_URL } }]
    : []),
];
