import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownership, parentRef, ts, uuidKey } from '../../db/columns';
import { terminals } from '../devices/devices.table';

/**
 * Configuration policies: desired state. A policy holds its current fields; every change is a new
 * row in `policy_versions` with who, when and why.
 */
export const policies = pgTable(
  'policies',
  {
    id: uuidKey(),
    name: text().notNull(),
    description: text(),
    /** `{ [field]: { value, severity, locked } }` of the current version. */
    fields: jsonb().notNull(),
    version: integer().notNull(),
    ...ownership(),
    updatedById: uuid(),
    updatedByName: text().notNull(),
    createdAt: ts().notNull(),
    updatedAt: ts().notNull(),
  },
  (t) => [uniqueIndex('policies_owner_name_idx').on(t.ownerId, t.name)],
);

export const policyVersions = pgTable(
  'policy_versions',
  {
    policyId: parentRef(() => policies.id),
    version: integer().notNull(),
    name: text().notNull(),
    fields: jsonb().notNull(),
    reason: text().notNull(),
    changedById: uuid(),
    changedByName: text().notNull(),
    changedAt: ts().notNull(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.version] })],
);

/** Where a policy applies: an account (and everything below it), a terminal group (and below), or one terminal. */
export const policyAssignments = pgTable(
  'policy_assignments',
  {
    id: uuidKey(),
    policyId: parentRef(() => policies.id),
    targetKind: text().notNull().$type<'account' | 'group' | 'terminal'>(),
    targetId: uuid().notNull(),
    createdById: uuid(),
    createdAt: ts().notNull(),
  },
  (t) => [
    uniqueIndex('policy_assignments_target_idx').on(t.targetId, t.policyId),
    index('policy_assignments_policy_idx').on(t.policyId),
  ],
);

/** Revisions of what terminals are sent; a document's revision is the largest of its fields'. */
export const policyRevisions = pgSequence('policy_revision_seq');

/**
 * One row per terminal and field of its effective policy: desired value (variables replaced), the
 * actual value the terminal reported, and the compliance state with since when and why.
 */
export const terminalPolicyFields = pgTable(
  'terminal_policy_fields',
  {
    terminalId: parentRef(() => terminals.id),
    field: text().notNull(),
    /** The policy the value came from (the one that won the merge). */
    policyId: parentRef(() => policies.id),
    ownerId: uuid().notNull(),
    groupId: uuid(),
    desired: jsonb().notNull(),
    actual: jsonb(),
    state: text().notNull().$type<'verified' | 'pending' | 'failed' | 'drift' | 'unsupported'>(),
    severity: text().notNull().$type<'critical' | 'major' | 'minor' | 'log'>(),
    /** When the state last changed. */
    since: ts().notNull(),
    reason: text(),
    message: text(),
    /** The revision that carried the current desired value; older answers are ignored. */
    revision: bigint({ mode: 'number' }).notNull(),
    /** When it was last sent (null: not sent yet). */
    sentAt: ts(),
    /** The value before the last converge that asked for all-or-nothing (reverted to on a failure). */
    revertTo: jsonb(),
  },
  (t) => [
    primaryKey({ columns: [t.terminalId, t.field] }),
    // Counts per policy, and per policy and group, are index-only scans of these.
    index('terminal_policy_fields_policy_idx').on(t.policyId, t.state, t.severity),
    index('terminal_policy_fields_group_idx').on(t.groupId, t.policyId, t.state, t.severity),
    index('terminal_policy_fields_open_idx').on(t.terminalId).where(sql`${t.state} <> 'verified'`),
  ],
);

export type PolicyRecord = typeof policies.$inferSelect;
export type TerminalPolicyFieldRecord = typeof terminalPolicyFields.$inferSelect;
