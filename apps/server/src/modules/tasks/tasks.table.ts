import type { TaskNameText } from '@cpm/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownership, parentRef, serialKey, timestamps, ts, uuidKey } from '../../db/columns';
import { terminals } from '../devices/devices.table';
import type { StoredRollout, StoredTargets, TaskResource } from './task-records';

/**
 * Remote tasks. A task holds what to do (type and parameters), whom it aims at (targets, kept as
 * given so terminals joining a targeted group later still match), when (timing, schedule) and under
 * what conditions. The creator's scope is kept with it: deliveries are written in the background,
 * without a session, and still reach only terminals the creator can see.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuidKey(),
    name: text().notNull(),
    /** The name the system gave the task, rendered per reader; null for a name a person typed. */
    nameText: jsonb().$type<TaskNameText>(),
    /** What a search by name matches of a system-named task: its name in both languages, lower case. */
    nameSearch: text(),
    type: text().notNull(),
    platform: text().notNull(),
    params: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The file, wallpaper, boot animation or app the task uses, as it was when the task was created. */
    resource: jsonb().$type<TaskResource | null>(),
    summary: text().notNull().default(''),
    targets: jsonb().$type<StoredTargets>().notNull(),
    whitelistId: uuid(),
    conditions: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    rollout: jsonb().$type<StoredRollout | null>(),
    schedule: jsonb().$type<Record<string, unknown> & { kind: string }>().notNull(),
    /** The creator's IANA time zone: clock times and cron expressions are read in it. */
    timezone: text().notNull().default('UTC'),
    startAt: ts().notNull(),
    expireAt: ts().notNull(),
    /** When the next run of a repeated task is due; null for a one-off task and after the last run. */
    nextRunAt: ts(),
    status: text().notNull(),
    statusReason: text(),
    statusReasonEn: text(),
    approvalRequired: boolean().notNull().default(false),
    decidedBy: uuid(),
    decidedAt: ts(),
    rejectReason: text(),
    /** The run terminals work on now (the latest). */
    currentRunId: uuid(),
    runCount: integer().notNull().default(0),
    copiedFrom: uuid(),
    /** The account owning the task (its creator); data scope follows it. */
    ownerId: uuid().notNull(),
    createdBy: uuid().notNull(),
    /** The creator's data scope when it was created: 'all' or their account tree. */
    scopeAll: boolean().notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('tasks_owner_created_idx').on(t.ownerId, t.createdAt),
    index('tasks_created_idx').on(t.createdAt, t.id),
    // The monitor looks only at tasks that are still moving.
    index('tasks_active_idx').on(t.status).where(sql`${t.status} in ('creating', 'normal', 'paused')`),
  ],
);

/**
 * One occurrence of a task: a one-off task has one run, a repeated task one per occurrence. Its
 * deliveries are open from `startsAt` until `endsAt`, when those still open expire.
 */
export const taskRuns = pgTable(
  'task_runs',
  {
    id: uuidKey(),
    taskId: parentRef(() => tasks.id),
    seq: integer().notNull(),
    /** `creating` while its deliveries are written, then `open`, `closed` once it has ended. */
    status: text().notNull().default('creating'),
    startsAt: ts().notNull(),
    endsAt: ts().notNull(),
    /** Terminals matched when the fan-out began (wave sizes are cut from it). */
    planned: integer().notNull().default(0),
    /** Deliveries written. */
    total: integer().notNull().default(0),
    /** Waves terminals may pull (all of them without a staged rollout). */
    releasedWave: smallint().notNull().default(1),
    waveReleasedAt: ts(),
    /** Job writing the deliveries. */
    fanoutJobId: uuid(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('task_runs_task_seq_idx').on(t.taskId, t.seq),
    index('task_runs_open_idx').on(t.endsAt).where(sql`${t.status} <> 'closed'`),
  ],
);

/**
 * What became of a run on one terminal: one row per run and terminal (a repeated fan-out writes
 * nothing twice). The state only moves forward within an attempt; retrying or restarting starts a
 * new attempt.
 */
export const taskDeliveries = pgTable(
  'task_deliveries',
  {
    id: serialKey(),
    runId: parentRef(() => taskRuns.id),
    taskId: uuid().notNull(),
    terminalId: parentRef(() => terminals.id),
    state: text().notNull().default('waiting'),
    wave: smallint().notNull().default(1),
    attempt: smallint().notNull().default(1),
    deferReason: text(),
    message: text(),
    pulledAt: ts(),
    executedAt: ts(),
    finishedAt: ts(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('task_deliveries_run_terminal_idx').on(t.runId, t.terminalId),
    index('task_deliveries_run_state_idx').on(t.runId, t.state),
    // A terminal's pull and its plan tab (a terminal has few deliveries, so one index serves both).
    index('task_deliveries_terminal_idx').on(t.terminalId, t.id),
  ],
);

/** Named lists of SNs a task can be narrowed to. */
export const taskWhitelists = pgTable(
  'task_whitelists',
  {
    id: uuidKey(),
    name: text().notNull(),
    description: text().notNull().default(''),
    ...ownership(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('task_whitelists_owner_name_idx').on(t.ownerId, sql`lower(${t.name})`)],
);

export const taskWhitelistEntries = pgTable(
  'task_whitelist_entries',
  {
    whitelistId: parentRef(() => taskWhitelists.id),
    sn: text().notNull(),
    addedAt: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('task_whitelist_entries_pk').on(t.whitelistId, t.sn)],
);
