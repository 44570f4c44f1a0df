import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { parentRef, serialKey, ts, uuidKey } from '../../db/columns';
import { terminals } from '../devices/devices.table';
import { tasks } from '../tasks/tasks.table';

/**
 * Remote commands run from the console. Each is delivered by a task (its deliveries hold every
 * terminal's state and final message); this row keeps what was asked, by whom, and the SNs named.
 */
export const remoteCommands = pgTable(
  'remote_commands',
  {
    id: uuidKey(),
    op: text().notNull(),
    spec: jsonb().$type<Record<string, unknown>>().notNull(),
    summary: text().notNull(),
    taskId: parentRef(() => tasks.id),
    sns: jsonb().$type<string[]>().notNull(),
    createdBy: uuid().notNull(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('remote_commands_task_idx').on(t.taskId),
    index('remote_commands_creator_idx').on(t.createdBy, t.createdAt),
    index('remote_commands_created_idx').on(t.createdAt),
  ],
);

/** What a terminal printed while a command ran, in the order it arrived. */
export const remoteCommandOutput = pgTable(
  'remote_command_output',
  {
    id: serialKey(),
    commandId: parentRef(() => remoteCommands.id),
    terminalId: parentRef(() => terminals.id),
    text: text().notNull(),
    at: ts().notNull(),
  },
  (t) => [index('remote_command_output_command_idx').on(t.commandId, t.terminalId, t.id)],
);

/** Saved commands of a user ("add test" in the spec). */
export const remoteCommandTemplates = pgTable(
  'remote_command_templates',
  {
    id: uuidKey(),
    name: text().notNull(),
    command: jsonb().$type<Record<string, unknown>>().notNull(),
    createdBy: uuid().notNull(),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex('remote_command_templates_name_idx').on(t.createdBy, t.name)],
);

/** Files terminals sent back: screenshots and log uploads, kept in the blob store. */
export const capturedFiles = pgTable(
  'captured_files',
  {
    id: uuidKey(),
    terminalId: parentRef(() => terminals.id),
    kind: text().notNull(),
    blobId: uuid().notNull(),
    commandId: uuid().references(() => remoteCommands.id, { onDelete: 'set null' }),
    createdAt: ts().notNull().defaultNow(),
  },
  (t) => [index('captured_files_terminal_idx').on(t.terminalId, t.createdAt)],
);
