import type { AuditStreamSettings, SyslogFacility } from '@cpm/contracts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditStreams } from './auditstream.table';

const ID = 'default';

/** The stream's row as the service sees it. */
export type AuditStreamRecord = AuditStreamSettings & {
  cursor: number;
  lastSentAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
};

const toRecord = (r: typeof auditStreams.$inferSelect): AuditStreamRecord => ({
  enabled: r.enabled,
  host: r.host,
  port: r.port,
  tls: r.tls,
  caCert: r.caCert,
  facility: r.facility as SyslogFacility,
  cursor: r.cursor,
  lastSentAt: r.lastSentAt,
  lastError: r.lastError,
  lastErrorAt: r.lastErrorAt,
});

/** Storage of the deployment's one audit stream: its settings, cursor and delivery state. */
export const createAuditStreamRepository = (db: Db) => {
  const at = eq(auditStreams.id, ID);
  return {
    /** The stream, created with its defaults (off) on first read. */
    async get(): Promise<AuditStreamRecord> {
      const read = async () => (await db.select().from(auditStreams).where(at))[0];
      // The shipper reads it every second: insert only when it is missing.
      let row = await read();
      if (!row) {
        await db.insert(auditStreams).values({ id: ID }).onConflictDoNothing();
        row = await read();
      }
      if (!row) throw new Error('audit stream row missing');
      return toRecord(row);
    },
    save: async (s: AuditStreamSettings, now: Date) => {
      await db
        .insert(auditStreams)
        .values({ id: ID, ...s, updatedAt: now })
        .onConflictDoUpdate({ target: auditStreams.id, set: { ...s, updatedAt: now } });
    },
    /** Moves the cursor forward only: a late or repeated confirmation never moves it back. */
    advance: async (cursor: number) => {
      await db
        .update(auditStreams)
        .set({ cursor })
        .where(and(at, lt(auditStreams.cursor, cursor)));
    },
    markSent: async (when: Date) => {
      await db.update(auditStreams).set({ lastSentAt: when, lastError: null, lastErrorAt: null }).where(at);
    },
    markError: async (message: string, when: Date) => {
      await db.update(auditStreams).set({ lastError: message, lastErrorAt: when }).where(at);
    },
    /** Takes or renews the shipping lease for `holder`; false while another instance holds it. */
    claim: async (holder: string, now: Date, until: Date) =>
      (
        await db
          .update(auditStreams)
          .set({ leaseHolder: holder, leaseUntil: until })
          .where(
            and(
              at,
              or(
                isNull(auditStreams.leaseUntil),
                lt(auditStreams.leaseUntil, now),
                eq(auditStreams.leaseHolder, holder),
              ),
            ),
          )
          .returning({ id: auditStreams.id })
      ).length > 0,
    /** Gives the lease up so another instance may ship at once. */
    release: async (holder: string) => {
      await db
        .update(auditStreams)
        .set({ leaseHolder: null, leaseUntil: sql`null` })
        .where(and(at, eq(auditStreams.leaseHolder, holder)));
    },
  };
};

export type AuditStreamRepository = ReturnType<typeof createAuditStreamRepository>;
