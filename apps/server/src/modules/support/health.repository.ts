import { ORDER_ACTIVE_STATUSES, type ProposalStatus } from '@cpm/contracts';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inDataScope, type Scope } from '../../shared/data-scope';
import {
  countWhere,
  deletedCount,
  existsWhere,
  nullOnUniqueViolation,
  saveById,
  updatedCount,
  withTotal,
} from '../../shared/sql';
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

  ruleExists: (id: string) => existsWhere(db, supportHealthRules, eq(supportHealthRules.id, id)),

  deleteRule: (id: string) => deletedCount(db, supportHealthRules, eq(supportHealthRules.id, id)),

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
  linkToOrder: (healthKey: string, since: Date, orderId: string) =>
    updatedCount(db, supportHealthEvents, { orderId }, unlinkedSince(healthKey, since)),

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
    return withTotal(
      db,
      supportInspectionProposals,
      where,
      db
        .select({ p: supportInspectionProposals, faultCount: sql<number>`coalesce(${faults.n}, 0)::int` })
        .from(supportInspectionProposals)
        .leftJoin(faults, eq(faults.proposalId, supportInspectionProposals.id))
        .where(where)
        .orderBy(desc(supportInspectionProposals.createdAt), desc(supportInspectionProposals.id))
        .offset(offset)
        .limit(limit),
    );
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
    updatedCount(
      db,
      supportInspectionProposals,
      { status: 'dismissed', updatedAt: now },
      and(
        eq(supportInspectionProposals.id, id),
        eq(supportInspectionProposals.status, 'open'),
        inDataScope(scope, supportInspectionProposals.ownerId),
      ),
    ),

  /** Removes faults older than `before` that no order or proposal points at; how many went. */
  pruneUnlinked: (before: Date) =>
    deletedCount(
      db,
      supportHealthEvents,
      and(
        isNull(supportHealthEvents.orderId),
        isNull(supportHealthEvents.proposalId),
        lt(supportHealthEvents.at, before),
      ),
    ),
});

export type HealthRepository = ReturnType<typeof createHealthRepository>;
