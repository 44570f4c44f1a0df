import { alertsEndpoints as e } from '@cpm/contracts';
import { and, eq, inArray, lte } from 'drizzle-orm';
import { expect } from 'vitest';
import { ACCOUNT_PASSWORD } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { loginAs, type TestApp } from '../../test-support/test-app';
import { terminals } from '../devices/devices.table';
import { jobs } from '../jobs/jobs.table';
import { EVALUATE_JOB } from './alerts.module';
import { alerts } from './alerts.table';

/**
 * One evaluation round as the schedule runs it, then every job it queued that is due (notices, mails,
 * deliveries); fails the test when the round itself did not succeed.
 */
export const evaluateAlerts = async (t: TestApp) => {
  const job = await t.jobs.enqueueJob({ kind: EVALUATE_JOB });
  for (let round = 0; round < 50; round++) {
    await t.jobs.runDue();
    const due = await t.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, t.clock.now())));
    if (!due.length) break;
  }
  const row = await t.jobs.findJob(job.id);
  expect(row?.status, row?.error ?? '').toBe('succeeded');
};

/** A rule's alerts that are still open or acknowledged. */
export const openAlertsOf = (t: TestApp, ruleId: string) =>
  t.database.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.ruleId, ruleId), inArray(alerts.state, ['open', 'acknowledged'])));

/** A fresh session of an account made with the test password (the test clock may pass a session's end). */
export const alertsApiAs = async (t: TestApp, username: string) =>
  clientOf(t, (await loginAs(t.app, username, ACCOUNT_PASSWORD)).token);

/** Saves an alert rule as the account and answers its id; a refusal fails the test. */
export const saveAlertRule = async (t: TestApp, username: string, rule: Record<string, unknown>) => {
  const res = await (await alertsApiAs(t, username)).send(e.ruleSave, rule);
  expect(res.body.code, JSON.stringify(res.body)).toBe(1);
  return (res.body.result as { id: string }).id;
};

/**
 * Activated tills of an account, one per entry, last seen (and last changing state) at `seenAt`;
 * answers their ids in the entries' order.
 */
export const insertTills = async (
  t: TestApp,
  o: { ownerId: string; online: boolean; seenAt: Date },
  tills: { sn: string; name: string; groupId?: string }[],
) =>
  (
    await t.database.db
      .insert(terminals)
      .values(
        tills.map((till) => ({
          ...till,
          ownerId: o.ownerId,
          status: 'activated' as const,
          online: o.online,
          lastSeenAt: o.seenAt,
          onlineChangedAt: o.seenAt,
        })),
      )
      .returning({ id: terminals.id })
  ).map((r) => r.id);
