import { terminalFilters } from '@cpm/contracts';
import type { Db } from '../../db/client';
import type { Broker } from '../../gateway/broker';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { Clock } from '../../shared/clock';
import type { FleetEvents } from '../devices/fleet-events';
import type { JobsService } from '../jobs/jobs.service';
import { createPoliciesRepository } from './policies.repository';
import { registerPoliciesRoutes } from './policies.routes';
import { createPoliciesService, POLICY_APPLY_JOB, type PolicyApplyPayload } from './policies.service';
import { createPolicyAgentService, policyTopic } from './policy-agent.service';
import { createPolicyFieldsRepository } from './policy-fields.repository';

/** Online terminals sent their new fields per statement, after a change. */
const SEND_CHUNK = 500;

/**
 * Wires configuration policies: the console's rules, the apply job that brings the terminals a
 * change reaches to their effective policy (set-based), and the terminals' reports on `up/policy`.
 */
export const createPoliciesModule = (deps: {
  api: EndpointRegistry;
  db: Db;
  clock: Clock;
  broker: Broker | null;
  events: FleetEvents;
  jobs: Pick<JobsService, 'registerHandler' | 'enqueueJob'>;
  log: { error(obj: object, msg: string): void };
}) => {
  const { db, clock, broker, log } = deps;
  const repo = createPoliciesRepository(db);
  const fields = createPolicyFieldsRepository(db);
  const agent = createPolicyAgentService({
    fields,
    clock,
    terminalBySn: (sn) => fields.terminalBySn(sn),
    publish: broker ? (sn, doc) => broker.publish(policyTopic(sn), JSON.stringify(doc), { qos: 1 }) : null,
    drifted: (t) => deps.events.emit({ sn: t.sn, ownerId: t.ownerId, kind: 'policyDrift' }),
    log,
  });
  deps.jobs.registerHandler<PolicyApplyPayload>(POLICY_APPLY_JOB, async (ctx) => {
    const { targets } = ctx.payload;
    const revision = await fields.nextRevision();
    const result = await fields.recompute(targets, revision, clock.now());
    await ctx.progress(50);
    const online = await fields.unsentOnline(targets);
    for (let i = 0; i < online.length; i += SEND_CHUNK)
      await agent.sendUnsent(online.slice(i, i + SEND_CHUNK));
    return { ...result, sent: online.length };
  });
  const policies = createPoliciesService({
    repo,
    fields,
    clock,
    enqueueApply: async (payload, userId) =>
      (await deps.jobs.enqueueJob({ kind: POLICY_APPLY_JOB, payload, userId })).id,
    converge: (policyId, terminalIds, allOrNothing) => agent.converge(policyId, terminalIds, allOrNothing),
  });
  registerPoliciesRoutes(deps.api, { policies, agent });

  const handling = new Set<Promise<unknown>>();
  let stopped = false;
  // Shared: one instance of several takes each report. Subscribed while the rest of the app is built.
  const subscribed = broker?.subscribe(
    terminalFilters.upAll.replace(/\+$/, 'policy'),
    (topic, payload) => {
      if (stopped) return;
      const work = agent
        .handleMessage(topic, payload)
        .catch((err: unknown) => log.error({ err, topic }, 'policy report failed'))
        .finally(() => handling.delete(work));
      handling.add(work);
      return work;
    },
    { shared: true },
  );

  return {
    policies,
    agent,
    /** Stops taking reports and waits for the ones being handled. */
    async stop() {
      stopped = true;
      await (await subscribed)?.();
      await Promise.all([...handling]);
    },
  };
};

export type PoliciesModule = ReturnType<typeof createPoliciesModule>;
