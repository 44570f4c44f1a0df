import type { AlertChannel, AlertSeverity } from '@cpm/contracts';
import { asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../jobs/jobs.repository';
import { alertDigestItems, alertPreferences } from './alerts.table';

export type DigestItem = typeof alertDigestItems.$inferInsert;
export type Preferences = {
  modes: Partial<Record<AlertSeverity, 'instant' | 'digest' | 'off'>>;
  mutedChannels: AlertChannel[];
};

/** Users' notification preferences and the notices held for digests. */
export const createNotifyRepository = (db: Db) => ({
  async preferencesOf(userIds: string[]): Promise<Map<string, Preferences>> {
    if (!userIds.length) return new Map();
    const rows = await db.select().from(alertPreferences).where(inArray(alertPreferences.userId, userIds));
    return new Map(rows.map((r) => [r.userId, { modes: r.modes, mutedChannels: r.mutedChannels }]));
  },
  savePreferences: (userId: string, p: Preferences, now: Date) =>
    db
      .insert(alertPreferences)
      .values({ userId, ...p, updatedAt: now })
      .onConflictDoUpdate({ target: alertPreferences.userId, set: { ...p, updatedAt: now } }),
  addDigestItems: async (items: DigestItem[], tx: Tx) => {
    if (items.length) await tx.insert(alertDigestItems).values(items);
  },
  /** Held notices due at `now`, oldest first (at most `limit`). */
  dueDigestItems: (now: Date, limit: number) =>
    db
      .select()
      .from(alertDigestItems)
      .where(lte(alertDigestItems.notBefore, now))
      .orderBy(asc(alertDigestItems.at))
      .limit(limit),
  removeDigestItems: async (ids: string[], tx: Tx) => {
    if (ids.length) await tx.delete(alertDigestItems).where(inArray(alertDigestItems.id, ids));
  },
  digestItemsOf: (userId: string) =>
    db
      .select()
      .from(alertDigestItems)
      .where(eq(alertDigestItems.userId, userId))
      .orderBy(asc(alertDigestItems.at)),
});

export type NotifyRepository = ReturnType<typeof createNotifyRepository>;
