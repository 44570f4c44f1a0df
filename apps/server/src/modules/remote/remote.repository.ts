import type { RemoteSessionFilter } from '@cpm/contracts';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findInScope, inDataScope, type Scope } from '../../shared/data-scope';
import { allWhere, firstWhere, likePrefix, nullOnUniqueViolation, pageWhere } from '../../shared/sql';
import { remoteParticipants, remotePolicies, remoteSessions, remoteTokens } from './remote.table';

export type SessionRecord = typeof remoteSessions.$inferSelect;
export type ParticipantRecord = typeof remoteParticipants.$inferSelect;
export type NewSession = Omit<
  typeof remoteSessions.$inferInsert,
  'id' | 'state' | 'recordingBytes' | 'recordingFrames' | 'recordingInputs' | 'recordingExpired'
>;

/** What a consumed token stands for. */
export type TokenHolder = {
  session: SessionRecord;
  /** Null for the terminal's token. */
  participant: ParticipantRecord | null;
  /** The console session a user's token was issued to (null for the terminal's). */
  consoleSessionId: string | null;
};

/** Storage of remote sessions, their participants, one-time relay tokens and group policies. */
export const createRemoteRepository = (db: Db) => {
  const sessionWhere = (scope: Scope, f: RemoteSessionFilter): SQL | undefined =>
    and(
      inDataScope(scope, remoteSessions.ownerId),
      f.sn ? sql`${remoteSessions.sn} like ${likePrefix(f.sn.toUpperCase())}` : undefined,
      f.status === 'live' ? ne(remoteSessions.state, 'ended') : undefined,
      f.status === 'ended' ? eq(remoteSessions.state, 'ended') : undefined,
    );

  return {
    /**
     * A new session with its first participant and the two tokens (terminal's and user's), in one
     * transaction; null when the terminal already has a running session.
     */
    async createSession(
      values: NewSession,
      participant: { userId: string; userName: string; role: 'controller' | 'observer' },
      tokens: { terminal: string; user: string; consoleSessionId: string; expiresAt: Date },
    ): Promise<{ session: SessionRecord; participant: ParticipantRecord } | null> {
      return nullOnUniqueViolation(async () => {
        return await db.transaction(async (tx) => {
          const [session] = await tx.insert(remoteSessions).values(values).returning();
          const [p] = await tx
            .insert(remoteParticipants)
            .values({ ...participant, sessionId: session.id, joinedAt: values.openedAt })
            .returning();
          await tx.insert(remoteTokens).values([
            { tokenHash: tokens.terminal, sessionId: session.id, expiresAt: tokens.expiresAt },
            {
              tokenHash: tokens.user,
              sessionId: session.id,
              participantId: p.id,
              consoleSessionId: tokens.consoleSessionId,
              expiresAt: tokens.expiresAt,
            },
          ]);
          return { session, participant: p };
        });
      });
    },

    /** The running session of a terminal, if any. */
    findLiveByTerminal: async (terminalId: string) =>
      firstWhere(
        db,
        remoteSessions,
        and(eq(remoteSessions.terminalId, terminalId), ne(remoteSessions.state, 'ended')),
      ),

    /** A session inside the caller's data scope. */
    findVisible: async (scope: Scope, id: string) => findInScope(db, remoteSessions, scope, id),

    findById: async (id: string) => firstWhere(db, remoteSessions, eq(remoteSessions.id, id)),

    findParticipant: async (sessionId: string, userId: string) =>
      firstWhere(
        db,
        remoteParticipants,
        and(eq(remoteParticipants.sessionId, sessionId), eq(remoteParticipants.userId, userId)),
      ),

    /**
     * Makes a user the controller of a running session that has none (or already has them), and
     * gives them a place with a new token; null when someone else controls it or it ended.
     */
    async joinSession(
      sessionId: string,
      user: { userId: string; userName: string; role: 'controller' | 'observer' },
      token: { hash: string; consoleSessionId: string; expiresAt: Date },
      now: Date,
    ): Promise<{ session: SessionRecord; participant: ParticipantRecord } | null> {
      return db.transaction(async (tx) => {
        let session: SessionRecord | undefined;
        if (user.role === 'controller') {
          [session] = await tx
            .update(remoteSessions)
            .set({ controllerId: user.userId, controllerName: user.userName })
            .where(
              and(
                eq(remoteSessions.id, sessionId),
                ne(remoteSessions.state, 'ended'),
                or(isNull(remoteSessions.controllerId), eq(remoteSessions.controllerId, user.userId)),
              ),
            )
            .returning();
        } else {
          [session] = await tx
            .select()
            .from(remoteSessions)
            .where(and(eq(remoteSessions.id, sessionId), ne(remoteSessions.state, 'ended')))
            .for('update');
        }
        if (!session) return null;
        const role = session.controllerId === user.userId ? 'controller' : 'observer';
        const [participant] = await tx
          .insert(remoteParticipants)
          .values({ sessionId, userId: user.userId, userName: user.userName, role, joinedAt: now })
          .onConflictDoUpdate({
            target: [remoteParticipants.sessionId, remoteParticipants.userId],
            set: { role },
          })
          .returning();
        await tx.insert(remoteTokens).values({
          tokenHash: token.hash,
          sessionId,
          participantId: participant.id,
          consoleSessionId: token.consoleSessionId,
          expiresAt: token.expiresAt,
        });
        return { session, participant };
      });
    },

    /** Uses a token once: the first caller within its life gets what it stands for, everyone else null. */
    async consumeToken(hash: string, sessionId: string, now: Date): Promise<TokenHolder | null> {
      const [token] = await db
        .update(remoteTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(remoteTokens.tokenHash, hash),
            eq(remoteTokens.sessionId, sessionId),
            isNull(remoteTokens.usedAt),
            gt(remoteTokens.expiresAt, now),
          ),
        )
        .returning();
      if (!token) return null;
      const [session] = await db.select().from(remoteSessions).where(eq(remoteSessions.id, sessionId));
      if (!session) return null;
      if (!token.participantId) return { session, participant: null, consoleSessionId: null };
      const [participant] = await db
        .select()
        .from(remoteParticipants)
        .where(eq(remoteParticipants.id, token.participantId));
      return participant ? { session, participant, consoleSessionId: token.consoleSessionId } : null;
    },

    /** Moves a running session to `to` when it is in one of `from`; null otherwise. */
    setState: async (id: string, from: string[], to: string, patch: Partial<SessionRecord> = {}) =>
      (
        await db
          .update(remoteSessions)
          .set({ ...patch, state: to })
          .where(and(eq(remoteSessions.id, id), inArray(remoteSessions.state, from)))
          .returning()
      )[0] ?? null,

    /** Ends a session once; null when it had already ended. */
    end: async (id: string, reason: string, now: Date) =>
      (
        await db
          .update(remoteSessions)
          .set({ state: 'ended', endReason: reason, endedAt: now, lastActiveAt: now })
          .where(and(eq(remoteSessions.id, id), ne(remoteSessions.state, 'ended')))
          .returning()
      )[0] ?? null,

    /** Marks sessions as still served by a relay. */
    touch: async (ids: string[], now: Date) => {
      if (ids.length)
        await db
          .update(remoteSessions)
          .set({ lastActiveAt: now })
          .where(and(inArray(remoteSessions.id, ids), ne(remoteSessions.state, 'ended')));
    },

    saveSettings: (id: string, quality: number, fps: number) =>
      db.update(remoteSessions).set({ quality, fps }).where(eq(remoteSessions.id, id)),

    saveRecording: (id: string, r: { blobId: string; bytes: number; frames: number; inputs: number }) =>
      db
        .update(remoteSessions)
        .set({
          recordingBlobId: r.blobId,
          recordingBytes: r.bytes,
          recordingFrames: r.frames,
          recordingInputs: r.inputs,
        })
        .where(eq(remoteSessions.id, id)),

    /** Running sessions no relay has touched since `before` (their server went away). */
    staleSessions: (before: Date) =>
      db
        .select({ id: remoteSessions.id, state: remoteSessions.state })
        .from(remoteSessions)
        .where(and(ne(remoteSessions.state, 'ended'), lt(remoteSessions.lastActiveAt, before))),

    /** Sessions whose recording is past retention. */
    expiredRecordings: (endedBefore: Date, limit: number) =>
      db
        .select({ id: remoteSessions.id, blobId: remoteSessions.recordingBlobId })
        .from(remoteSessions)
        .where(and(isNotNull(remoteSessions.recordingBlobId), lt(remoteSessions.endedAt, endedBefore)))
        .limit(limit),

    markRecordingExpired: (id: string) =>
      db
        .update(remoteSessions)
        .set({ recordingBlobId: null, recordingExpired: true })
        .where(eq(remoteSessions.id, id)),

    /** Tokens past their life, used or not, are of no further use. */
    deleteExpiredTokens: (before: Date) => db.delete(remoteTokens).where(lt(remoteTokens.expiresAt, before)),

    async page(scope: Scope, f: RemoteSessionFilter, offset: number, limit: number) {
      const order = [desc(remoteSessions.openedAt), desc(remoteSessions.id)];
      const { rows, total } = await pageWhere(
        db,
        remoteSessions,
        sessionWhere(scope, f),
        order,
        offset,
        limit,
      );
      const participants = rows.length
        ? await allWhere(
            db,
            remoteParticipants,
            inArray(
              remoteParticipants.sessionId,
              rows.map((r) => r.id),
            ),
            [remoteParticipants.joinedAt],
          )
        : [];
      return { rows, total, participants };
    },

    policiesOf: async (groupIds: string[]) =>
      groupIds.length
        ? db.select().from(remotePolicies).where(inArray(remotePolicies.groupId, groupIds))
        : [],

    async savePolicy(groupId: string, policy: string | null, by: string, now: Date) {
      if (policy === null) {
        await db.delete(remotePolicies).where(eq(remotePolicies.groupId, groupId));
        return;
      }
      await db
        .insert(remotePolicies)
        .values({ groupId, policy, updatedBy: by, updatedAt: now })
        .onConflictDoUpdate({
          target: remotePolicies.groupId,
          set: { policy, updatedBy: by, updatedAt: now },
        });
    },
  };
};

export type RemoteRepository = ReturnType<typeof createRemoteRepository>;
