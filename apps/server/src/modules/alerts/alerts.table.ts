import type {
  AlertChannel,
  AlertCondition,
  AlertParams,
  AlertRecipients,
  AlertSeverity,
  MaintenanceWindow,
  QuietHours,
} from '@cpm/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { parentRef, serialKey, ts, uuidKey } from '../../db/columns';
import { terminals } from '../devices/devices.table';

/** What to watch, for which terminals, who hears of it and when not. */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: uuidKey(),
    /** The account whose subtree the rule watches; data scope follows it. */
    ownerId: uuid().notNull(),
    name: text().notNull(),
    enabled: boolean().notNull().default(true),
    condition: text().$type<AlertCondition>().notNull(),
    params: jsonb().$type<AlertParams>().notNull().default({}),
    severity: text().$type<AlertSeverity>().notNull(),
    groupIds: uuid().array().notNull().default(sql`'{}'`),
    modelIds: uuid().array().notNull().default(sql`'{}'`),
    channels: text().array().$type<AlertChannel[]>().notNull().default(sql`'{}'`),
    recipients: jsonb().$type<AlertRecipients>().notNull(),
    quietHours: jsonb().$type<QuietHours>(),
    maintenance: jsonb().$type<MaintenanceWindow[]>().notNull().default([]),
    flapChanges: integer(),
    flapMinutes: integer(),
    groupAt: integer().notNull().default(10),
    lastEvaluatedAt: ts(),
    createdAt: ts().notNull(),
    updatedAt: ts().notNull(),
  },
  (t) => [index('alert_rules_owner_idx').on(t.ownerId)],
);

/** Many alerts of one rule grouped: one notice for all of them. */
export const alertIncidents = pgTable(
  'alert_incidents',
  {
    id: uuidKey(),
    ownerId: uuid().notNull(),
    ruleId: uuid().notNull(),
    ruleName: text().notNull(),
    severity: text().$type<AlertSeverity>().notNull(),
    state: text({ enum: ['open', 'closed'] }).notNull(),
    firstAt: ts().notNull(),
    lastAt: ts().notNull(),
    closedAt: ts(),
  },
  (t) => [
    // At most one open incident per rule: new alerts of the rule join it.
    uniqueIndex('alert_incidents_open_idx').on(t.ruleId).where(sql`${t.state} = 'open'`),
    index('alert_incidents_owner_idx').on(t.ownerId, t.firstAt),
  ],
);

/**
 * Alerts: one open (or acknowledged) alert per rule, subject and kind; a repeat counts on it. The
 * rule's name and condition are copied so the history outlives the rule.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuidKey(),
    ownerId: uuid().notNull(),
    ruleId: uuid().notNull(),
    ruleName: text().notNull(),
    condition: text().$type<AlertCondition>().notNull(),
    kind: text({ enum: ['condition', 'flapping'] }).notNull(),
    severity: text().$type<AlertSeverity>().notNull(),
    state: text({ enum: ['open', 'acknowledged', 'closed'] }).notNull(),
    /** `terminal:<id>` or `task:<id>`: what the alert is about. */
    subjectKey: text().notNull(),
    terminalId: uuid().references(() => terminals.id, { onDelete: 'cascade' }),
    detail: text().notNull().default(''),
    count: integer().notNull().default(1),
    incidentId: uuid(),
    firstAt: ts().notNull(),
    lastAt: ts().notNull(),
    ackAt: ts(),
    ackBy: text(),
    closedAt: ts(),
    closeReason: text({ enum: ['cleared', 'manual'] }),
  },
  (t) => [
    uniqueIndex('alerts_open_idx').on(t.ruleId, t.subjectKey, t.kind).where(sql`${t.state} <> 'closed'`),
    index('alerts_owner_idx').on(t.ownerId, t.firstAt),
    index('alerts_terminal_idx').on(t.terminalId, t.firstAt),
    index('alerts_incident_idx').on(t.incidentId),
    index('alerts_state_severity_idx').on(t.state, t.severity),
  ],
);

/** The timeline of each alert: raised, repeated, acknowledged, notified, closed. */
export const alertEvents = pgTable(
  'alert_events',
  {
    /** Increasing, so steps of the same instant keep their order. */
    id: serialKey(),
    alertId: parentRef(() => alerts.id),
    kind: text().notNull(),
    actor: text(),
    note: text(),
    at: ts().notNull(),
  },
  (t) => [index('alert_events_alert_idx').on(t.alertId, t.at)],
);

/**
 * The alarms a terminal raised itself (paper out, cover open, tamper): one row per terminal and
 * alarm name; a clear keeps the row with `clearedAt` so the last state is known.
 */
export const terminalAlarms = pgTable(
  'terminal_alarms',
  {
    terminalId: parentRef(() => terminals.id),
    name: text().notNull(),
    severity: text().$type<AlertSeverity>().notNull(),
    detail: text().notNull().default(''),
    /** When it was first raised (device time when plausible); kept across snapshots. */
    raisedAt: ts().notNull(),
    lastAt: ts().notNull(),
    clearedAt: ts(),
  },
  (t) => [
    uniqueIndex('terminal_alarms_pk').on(t.terminalId, t.name),
    index('terminal_alarms_raised_idx').on(t.name).where(sql`${t.clearedAt} is null`),
  ],
);

/** How a user wants alert notices, per severity: one by one, in a digest, or not at all. */
export const alertPreferences = pgTable('alert_preferences', {
  userId: uuid().primaryKey(),
  /** severity -> 'instant' | 'digest' | 'off' (absent: instant). */
  modes: jsonb().$type<Partial<Record<AlertSeverity, 'instant' | 'digest' | 'off'>>>().notNull().default({}),
  /** Channels the user turned off for themself (never the rule's address recipients). */
  mutedChannels: text().array().$type<AlertChannel[]>().notNull().default(sql`'{}'`),
  updatedAt: ts().notNull(),
});

/** Notices held for a user's next digest (chosen by preference, or held in a rule's quiet hours). */
export const alertDigestItems = pgTable(
  'alert_digest_items',
  {
    id: uuidKey(),
    /** The user it is for, or null for a rule's plain address. */
    userId: uuid(),
    channel: text().$type<AlertChannel>().notNull(),
    /** Where it goes: the mail address or phone number, or the user id for in-app. */
    address: text().notNull(),
    line: text().notNull(),
    lineEn: text().notNull(),
    /** International recipients read the English line. */
    english: boolean().notNull().default(false),
    at: ts().notNull(),
    /** Not sent before this time (the end of the rule's quiet hours). */
    notBefore: ts().notNull(),
  },
  (t) => [index('alert_digest_items_due_idx').on(t.notBefore)],
);
