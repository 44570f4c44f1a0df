import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { parentRef, ts, uuidKey } from '../../db/columns';

/**
 * Remote desktop sessions: one row per session, kept as the audit record (who, which terminal, when,
 * how long) after it ends. The terminal's SN and name are copied so the record outlives the terminal.
 */
export const remoteSessions = pgTable(
  'remote_sessions',
  {
    id: uuidKey(),
    terminalId: uuid().notNull(),
    sn: text().notNull(),
    terminalName: text().notNull(),
    /** The terminal's enterprise when the session opened; data scope follows it. */
    ownerId: uuid().notNull(),
    openedBy: uuid().notNull(),
    openedByName: text().notNull(),
    /** The one user who may send input (null: watched only so far). */
    controllerId: uuid(),
    controllerName: text(),
    /** `ask` or `auto`: what the terminal was told to do about consent. */
    consent: text().notNull(),
    /** waiting, asking, active, ended. */
    state: text().notNull().default('waiting'),
    endReason: text(),
    quality: integer().notNull(),
    fps: integer().notNull(),
    openedAt: ts().notNull(),
    startedAt: ts(),
    endedAt: ts(),
    /** Touched by the relay while it serves the session; a stale one means its server went away. */
    lastActiveAt: ts().notNull(),
    recordingBlobId: uuid(),
    recordingBytes: bigint({ mode: 'number' }).notNull().default(0),
    recordingFrames: integer().notNull().default(0),
    recordingInputs: integer().notNull().default(0),
    recordingExpired: boolean().notNull().default(false),
  },
  (t) => [
    // At most one running session per terminal: a second open joins it or is refused.
    uniqueIndex('remote_sessions_live_terminal_uq').on(t.terminalId).where(sql`${t.state} <> 'ended'`),
    index('remote_sessions_owner_opened_idx').on(t.ownerId, t.openedAt),
    index('remote_sessions_ended_idx').on(t.endedAt),
  ],
);

/** Users in a session: the controller and observers. */
export const remoteParticipants = pgTable(
  'remote_participants',
  {
    id: uuidKey(),
    sessionId: parentRef(() => remoteSessions.id),
    userId: uuid().notNull(),
    userName: text().notNull(),
    /** controller or observer. */
    role: text().notNull(),
    joinedAt: ts().notNull(),
  },
  (t) => [uniqueIndex('remote_participants_session_user_uq').on(t.sessionId, t.userId)],
);

/** One-time relay tokens, kept hashed; consumed by the first connection that shows them. */
export const remoteTokens = pgTable(
  'remote_tokens',
  {
    tokenHash: text().primaryKey(),
    sessionId: parentRef(() => remoteSessions.id),
    /** The user's place in the session; null for the terminal's token. */
    participantId: uuid().references(() => remoteParticipants.id, { onDelete: 'cascade' }),
    /** The console session the user's token was issued to: refused once it ended. Null for the terminal's. */
    consoleSessionId: uuid(),
    expiresAt: ts().notNull(),
    usedAt: ts(),
  },
  (t) => [index('remote_tokens_session_idx').on(t.sessionId)],
);

/** A terminal group's own consent policy; groups without one inherit their parent's (default: ask). */
export const remotePolicies = pgTable('remote_policies', {
  groupId: uuid().primaryKey(),
  /** ask, auto or deny. */
  policy: text().notNull(),
  updatedBy: uuid(),
  updatedAt: ts().notNull(),
});
