import { describe, expect, it, vi } from 'vitest';
import { fakeOf } from '../../test-support/fake';
import { createTestClock } from '../../test-support/test-app';
import type { JobContext, JobsService } from '../jobs/jobs.service';
import { createOutboundService, DELIVERY_JOB_KIND } from './outbound.service';
import type { PostOutcome, Sender } from './webhook-sender';
import { verifySignature } from './webhook-signing';
import type { createWebhooksRepository, DeliveryRecord, SubscriptionRecord, Tx } from './webhooks.repository';

const TX = {} as Tx;
const SECRET = 'whsec_unit';

const subscription = (over: Partial<SubscriptionRecord> = {}): SubscriptionRecord => ({
  id: 'sub-1',
  name: 'ops',
  url: 'https://hooks.test/in',
  eventTypes: ['terminal.online'],
  secretEnc: 'enc',
  enabled: true,
  disabledReason: null,
  consecutiveFailures: 0,
  failingSince: null,
  ownerId: 'owner-1',
  createdBy: 'owner-1',
  createdAt: new Date('2026-06-01T00:00:00Z'),
  updatedAt: new Date('2026-06-01T00:00:00Z'),
  ...over,
});

const delivery = (over: Partial<DeliveryRecord> = {}): DeliveryRecord => ({
  id: 'd-1',
  seq: 1,
  subscriptionId: 'sub-1',
  eventId: 'e-1',
  eventType: 'terminal.online',
  objectKey: 'terminal:SN1',
  body: { id: 'e-1', type: 'terminal.online' },
  status: 'pending',
  attempts: 0,
  responseCode: null,
  durationMs: null,
  error: null,
  createdAt: new Date('2026-06-01T08:00:00Z'),
  seriesStartedAt: new Date('2026-06-01T08:00:00Z'),
  lastAttemptAt: null,
  nextAttemptAt: null,
  deliveredAt: null,
  ...over,
});

const setup = (o: { answer?: PostOutcome; sub?: SubscriptionRecord; d?: DeliveryRecord } = {}) => {
  const clock = createTestClock();
  const repo = fakeOf<typeof createWebhooksRepository>({
    findDelivery: async () => o.d ?? delivery(),
    findById: async () => o.sub ?? subscription(),
    recordAttempt: async () => true,
    promoteNext: async () => null,
    failed: async () => o.sub ?? subscription({ consecutiveFailures: 1, failingSince: clock.now() }),
    disable: async () => true,
    transaction: async (work) => work(TX),
    enqueue: async (_tx, d) => delivery({ ...d, id: `d-${d.subscriptionId}` }),
    matching: async () => [subscription()],
    subscribedTypes: async () => ['terminal.online'],
  });
  const jobs = fakeOf<JobsService>({
    enqueueJob: async () => ({}) as never,
    registerHandler: () => undefined,
  });
  const sent: Parameters<Sender>[0][] = [];
  const send: Sender = async (r) => {
    sent.push(r);
    return o.answer ?? { status: 200, durationMs: 3, error: null };
  };
  const announce = vi.fn();
  const notifyUser = vi.fn(async () => ({ announce }));
  const outbound = createOutboundService({
    repo,
    jobs,
    send,
    secretOf: () => SECRET,
    clock,
    notifyUser,
    options: {
      baseMs: 1000,
      capMs: 8000,
      retryForMs: 60_000,
      disableAfterFailures: 3,
      disableAfterMs: 10_000,
    },
    random: () => 1,
  });
  const ctx = {
    id: 'job-1',
    kind: DELIVERY_JOB_KIND,
    payload: { deliveryId: 'd-1' },
    userId: null,
    attempt: 1,
    checkpoint: null,
    signal: new AbortController().signal,
    progress: async () => undefined,
    inLease: (work) => work(TX),
  } satisfies JobContext<{ deliveryId: string }>;
  return { clock, repo, jobs, sent, outbound, ctx, notifyUser, announce };
};

describe('outbound delivery', () => {
  it('signs the stored body with the secret and sends the event id', async () => {
    const s = setup();
    await s.outbound.deliver(s.ctx);
    const [req] = s.sent;
    expect(req.headers['X-CPM-Event-Id']).toBe('e-1');
    const nowSec = Math.floor(s.clock.now().getTime() / 1000);
    expect(
      verifySignature({
        secret: SECRET,
        header: req.headers['X-CPM-Signature'],
        body: req.body,
        nowSec,
        toleranceSec: 300,
      }),
    ).toBe(true);
    expect(JSON.parse(req.body)).toEqual({ id: 'e-1', type: 'terminal.online' });
  });

  it('records a 2xx as delivered, ends the failure streak and lets the next of its object go', async () => {
    const s = setup({ sub: subscription({ consecutiveFailures: 2 }) });
    s.repo.promoteNext.mockResolvedValueOnce(delivery({ id: 'd-2', seq: 2 }));
    await s.outbound.deliver(s.ctx);
    expect(s.repo.recordAttempt).toHaveBeenCalledWith(
      TX,
      'd-1',
      expect.objectContaining({ status: 'delivered', responseCode: 200 }),
    );
    expect(s.repo.succeeded).toHaveBeenCalledWith(TX, 'sub-1');
    expect(s.repo.promoteNext).toHaveBeenCalledWith(TX, 'sub-1', 'terminal:SN1', s.clock.now());
    expect(s.jobs.enqueueJob).toHaveBeenCalledWith(
      { kind: DELIVERY_JOB_KIND, payload: { deliveryId: 'd-2' }, runAt: undefined },
      TX,
    );
  });

  it('sends nothing for a delivery already delivered or still waiting behind an earlier one', async () => {
    for (const status of ['delivered', 'waiting', 'failed'] as const) {
      const s = setup({ d: delivery({ status }) });
      expect(await s.outbound.deliver(s.ctx)).toEqual({ skipped: status });
      expect(s.sent).toEqual([]);
      expect(s.repo.recordAttempt).not.toHaveBeenCalled();
    }
  });

  it('retries a failure after the back-off, keeping the next of its object waiting', async () => {
    const s = setup({ answer: { status: 500, durationMs: 5, error: null }, d: delivery({ attempts: 2 }) });
    await s.outbound.deliver(s.ctx);
    const retryAt = new Date(s.clock.now().getTime() + 4000);
    expect(s.repo.recordAttempt).toHaveBeenCalledWith(
      TX,
      'd-1',
      expect.objectContaining({
        status: 'pending',
        responseCode: 500,
        error: 'HTTP 500',
        nextAttemptAt: retryAt,
      }),
    );
    expect(s.jobs.enqueueJob).toHaveBeenCalledWith(
      { kind: DELIVERY_JOB_KIND, payload: { deliveryId: 'd-1' }, runAt: retryAt },
      TX,
    );
    expect(s.repo.promoteNext).not.toHaveBeenCalled();
  });

  it('gives up once the next attempt would fall past the retry period, and lets the next go', async () => {
    const s = setup({ answer: { status: null, durationMs: 5, error: 'ECONNREFUSED' } });
    s.clock.advance(59_001);
    await s.outbound.deliver(s.ctx);
    expect(s.repo.recordAttempt).toHaveBeenCalledWith(
      TX,
      'd-1',
      expect.objectContaining({ status: 'failed', error: 'ECONNREFUSED', nextAttemptAt: null }),
    );
    expect(s.repo.promoteNext).toHaveBeenCalled();
  });

  it('turns a subscription off with a notice to its owner after failing long and often enough', async () => {
    const s = setup({ answer: { status: 503, durationMs: 5, error: null } });
    s.repo.failed.mockResolvedValueOnce(
      subscription({ consecutiveFailures: 3, failingSince: new Date(s.clock.now().getTime() - 10_000) }),
    );
    await s.outbound.deliver(s.ctx);
    expect(s.repo.disable).toHaveBeenCalledWith(TX, 'sub-1', '3 attempts failed in a row', s.clock.now());
    expect(s.notifyUser).toHaveBeenCalledWith(expect.objectContaining({ userId: 'owner-1' }), TX);
    expect(s.announce).toHaveBeenCalledOnce();
  });

  it('keeps it on while the streak is short in time, however many attempts failed', async () => {
    const s = setup({ answer: { status: 503, durationMs: 5, error: null } });
    s.repo.failed.mockResolvedValueOnce(
      subscription({ consecutiveFailures: 50, failingSince: new Date(s.clock.now().getTime() - 9_999) }),
    );
    await s.outbound.deliver(s.ctx);
    expect(s.repo.disable).not.toHaveBeenCalled();
    expect(s.notifyUser).not.toHaveBeenCalled();
  });

  it('fails the deliveries of a disabled subscription without sending, in order', async () => {
    const s = setup({ sub: subscription({ enabled: false }) });
    await s.outbound.deliver(s.ctx);
    expect(s.sent).toEqual([]);
    expect(s.repo.recordAttempt).toHaveBeenCalledWith(
      TX,
      'd-1',
      expect.objectContaining({ status: 'failed' }),
    );
    expect(s.repo.failed).not.toHaveBeenCalled();
    expect(s.repo.promoteNext).toHaveBeenCalled();
  });

  it('queues a job only for a delivery that heads its lane', async () => {
    const s = setup();
    s.repo.matching.mockResolvedValueOnce([subscription(), subscription({ id: 'sub-2' })]);
    s.repo.enqueue.mockImplementation(async (_tx, d) =>
      delivery({ id: `d-${d.subscriptionId}`, status: d.subscriptionId === 'sub-1' ? 'pending' : 'waiting' }),
    );
    const eventId = await s.outbound.publish({
      type: 'terminal.online',
      ownerId: 'owner-1',
      objectKey: 'terminal:SN1',
      data: {},
    });
    expect(s.repo.enqueue).toHaveBeenCalledTimes(2);
    expect(s.repo.enqueue.mock.calls.map(([, d]) => d.eventId)).toEqual([eventId, eventId]);
    expect(s.jobs.enqueueJob).toHaveBeenCalledTimes(1);
    expect(s.jobs.enqueueJob).toHaveBeenCalledWith(
      { kind: DELIVERY_JOB_KIND, payload: { deliveryId: 'd-sub-1' }, runAt: undefined },
      TX,
    );
  });

  it('looks for no subscription of a type nobody chose, and looks again once they change', async () => {
    const s = setup();
    const event = {
      type: 'terminal.offline' as const,
      ownerId: 'owner-1',
      objectKey: 'terminal:SN1',
      data: {},
    };
    expect(await s.outbound.publish(event)).toBeNull();
    expect(await s.outbound.publish(event)).toBeNull();
    expect(s.repo.subscribedTypes).toHaveBeenCalledOnce();
    expect(s.repo.matching).not.toHaveBeenCalled();
    s.repo.subscribedTypes.mockResolvedValueOnce(['terminal.offline']);
    s.outbound.subscriptionsChanged();
    expect(await s.outbound.publish(event)).toEqual(expect.any(String));
    expect(s.repo.matching).toHaveBeenCalledWith('terminal.offline', 'owner-1');
  });
});
