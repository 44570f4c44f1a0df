import { ORDER_ACTIVE_STATUSES, type ProposalStatus } from '@cpm/contracts';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inDataScope, type Scope } from '../../shared/data-scope';
import { countWhere, existsWhere, nullOnUniqueViolation, saveById } from '../../shared/sql';
import {
  supportHealthEvents,
  supportHealthRules,
  supportInspectionProposals,
  supportOrders,
} from './support.table';

export type HealthRuleRecord = typeof supportHealthRules.$inferSelect;
export type HealthRuleValues = Omit<typeof supportHealthRules.$inferInsert, 'id'>;
export type HealthEventValues = Omit<
  typeof supportHealthEvents.$inferInsert,
  'id' | 'orderId' | 'proposalId'
>;
export type ProposalRecord = typeof supportInspectionProposals.$inferSelect;
export type ProposalValues = Omit<typeof supportInspectionProposals.$inferInsert, 'id'>;

/** Faults not yet linked to an order or a proposal, of one terminal peripheral, since a time. */
const unlinkedSince = (healthKey: string, since: Date): SQL | undefined =>
  and(
    eq(supportHealthEvents.healthKey, healthKey),
    isNull(supportHealthEvents.orderId),
    isNull(supportHealthEvents.proposalId),
    gte(supportHealthEvents.at, since),
  );

/** Storage of peripheral health: its rules, the faults it heard, and the inspections it proposed. */
export const createHealthRepository = (db: Db) => ({
  listRules: () => db.select().from(supportHealthRules).orderBy(asc(supportHealthRules.peripheralType)),

  /** Adds or changes a rule; null when another rule has the peripheral type. */
  saveRule: async (id: string | undefined, values: HealthRuleValues): Promise<HealthRuleRecord | null> => {
    return nullOnUniqueViolation(() => saveById(db, supportHealthRules, id, values));
  },

  ruleExists: async (id: string) =>
    (
      await db
        .select({ id: supportHealthRules.id })
        .from(supportHealthRules)
        .where(eq(supportHealthRules.id, id))
    ).length > 0,

  deleteRule: async (id: string) =>
    (
      await db
        .delete(supportHealthRules)
        .where(eq(supportHealthRules.id, id))
        .returning({ id: supportHealthRules.id })
    ).length,

  /**
   * Stores a fault, linked at once to the standing order of its terminal peripheral when there is
   * one (in the same statement, so a fault never misses an order created beside it).
   */
  insertEvent: async (values: HealthEventValues) =>
    (
      await db
        .insert(supportHealthEvents)
        .values({
          ...values,
          orderId: sql`(select ${supportOrders.id} from ${supportOrders}
            where ${supportOrders.healthKey} = ${values.healthKey}
            and ${inArray(supportOrders.status, [...ORDER_ACTIVE_STATUSES])} limit 1)`,
        })
        .returning()
    )[0],

  /** How many faults of a terminal peripheral since a time wait for a rule to act. */
  countUnlinked: async (healthKey: string, since: Date) =>
    countWhere(db, supportHealthEvents, unlinkedSince(healthKey, since)),

  /** Links the waiting faults of a terminal peripheral since a time to an order. */
  linkToOrder: async (healthKey: string, since: Date, orderId: string) =>
    (
      await db
        .update(supportHealthEvents)
        .set({ orderId })
        .where(unlinkedSince(healthKey, since))
        .returning({ id: supportHealthEvents.id })
    ).length,

  /** The order standing for a terminal peripheral (draft to in repair), if any. */
  standingOrderId: async (healthKey: string) =>
    (
      await db
        .select({ id: supportOrders.id })
        .from(supportOrders)
        .where(
          and(
            eq(supportOrders.healthKey, healthKey),
            inArray(supportOrders.status, [...ORDER_ACTIVE_STATUSES]),
          ),
        )
    )[0]?.id ?? null,

  /**
   * Proposes an inspection for a terminal peripheral and links its waiting faults to it, in one
   * transaction; an open proposal for it is reused. Answers the proposal and whether it is new.
   */
  propose: (values: ProposalValues, since: Date) =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(supportInspectionProposals)
        .values(values)
        .onConflictDoNothing()
        .returning();
      const proposal =
        created ??
        (
          await tx
            .select()
            .from(supportInspectionProposals)
            .where(
              and(
                eq(supportInspectionProposals.healthKey, values.healthKey),
                eq(supportInspectionProposals.status, 'open'),
              ),
            )
        )[0];
      if (proposal)
        await tx
          .update(supportHealthEvents)
          .set({ proposalId: proposal.id })
          .where(unlinkedSince(values.healthKey, since));
      return { proposal: proposal ?? null, created: Boolean(created) };
    }),

  proposalPage: async (scope: Scope, f: { status?: ProposalStatus }, offset: number, limit: number) => {
    const where = and(
      inDataScope(scope, supportInspectionProposals.ownerId),
      f.status ? eq(supportInspectionProposals.status, f.status) : undefined,
    );
    const faults = db
      .select({ proposalId: supportHealthEvents.proposalId, n: count().as('n') })
      .from(supportHealthEvents)
      .groupBy(supportHealthEvents.proposalId)
      .as('faults');
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ p: supportInspectionProposals, faultCount: sql<number>`coalesce(${faults.n}, 0)::int` })
        .from(supportInspectionProposals)
        .leftJoin(faults, eq(faults.proposalId, supportInspectionProposals.id))
        .where(where)
        .orderBy(desc(supportInspectionProposals.createdAt), desc(supportInspectionProposals.id))
        .offset(offset)
        .limit(limit),
      db.select({ total: count() }).from(supportInspectionProposals).where(where),
    ]);
    return { rows, total };
  },

  /** Whether an open proposal is in the caller's scope. */
  openProposalVisible: async (scope: Scope, id: string) =>
    existsWhere(
      db,
      supportInspectionProposals,
      and(
        eq(supportInspectionProposals.id, id),
        eq(supportInspectionProposals.status, 'open'),
        inDataScope(scope, supportInspectionProposals.ownerId),
      ),
    ),

  dismissProposal: async (scope: Scope, id: string, now: Date) =>
    (
      await db
        .update(supportInspectionProposals)
        .set({ status: 'dismissed', updatedAt: now })
        .where(
          and(
            eq(supportInspectionProposals.id, id),
            eq(supportInspectionProposals.status, 'open'),
            inDataScope(scope, supportInspectionProposals.ownerId),
          ),
        )
        .returning({ id: supportInspectionProposals.id })
    ).length,

  /** Removes faults older than `before` that no order or proposal points at; how many went. */
  pruneUnlinked: async (before: Date) =>
    (
      await db
        .delete(supportHealthEvents)
        .where(
          and(
            isNull(supportHealthEvents.orderId),
            isNull(supportHealthEvents.proposalId),
            lt(supportHealthEvents.at, before),
          ),
        )
        .returning({ id: supportHealthEvents.id })
    ).length,
});

export type HealthRepository = ReturnType<typeof createHealthRepository>;
