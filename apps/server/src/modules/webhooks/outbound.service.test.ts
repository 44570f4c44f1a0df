import { describe, expect, it, vi } from 'vitest';
import { fakeOf } from '../../test-support/fake';
import { createTestClock } from '../../test-support/test-app';
import type { JobContext, JobsService } from '../jobs/jobs.service';
import { createOutboundService, DISPATCH_JOB_KIND } from './outbound.service';
import type { PostOutcome, Sender } from './webhook-sender';
import { verifySignature } from './webhook-signing';
import type {
  AttemptOutcome,
  createWebhooksRepository,
  DeliveryRecord,
  SubscriptionRecord,
  Tx,
} from './webhooks.repository';

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

/**
 * The service over a fake repository that keeps deliveries in memory as the real one does: due lane
 * heads (a lane's pending row, else its first waiting one), outcomes recorded on unfinished rows
 * (a waiting head's series starting then), the next of a finished lane answered as it stands.
 */
const setup = (
  o: { answer?: (d: string) => PostOutcome; sub?: SubscriptionRecord; rows?: DeliveryRecord[] } = {},
) => {
  const clock = createTestClock();
  const rows = o.rows ?? [delivery()];
  const unfinished = (r: DeliveryRecord) => r.status === 'waiting' || r.status === 'pending';
  const headOf = (key: string) =>
    rows.find((r) => r.objectKey === key && r.status === 'pending') ??
    rows.find((r) => r.objectKey === key && r.status === 'waiting');
  const repo = fakeOf<typeof createWebhooksRepository>({
    findById: async () => o.sub ?? subscription(),
    findDelivery: async (id) => rows.find((r) => r.id === id) ?? null,
    due: async (_sub, now, busy, limit) =>
      [...new Set(rows.filter(unfinished).map((r) => r.objectKey))]
        .map((key) => headOf(key) as DeliveryRecord)
        .filter((r) => (r.nextAttemptAt ?? now) <= now && !busy.includes(r.id))
        .slice(0, limit),
    recordAttempts: async (_tx, _sub, outcomes: AttemptOutcome[], now) => {
      const recorded = outcomes.map((a) => {
        const r = rows.find((x) => x.id === a.id) as DeliveryRecord;
        const series = r.status === 'waiting' ? now : r.seriesStartedAt;
        Object.assign(r, a, { attempts: r.attempts + 1, seriesStartedAt: series });
        return { id: r.id, objectKey: r.objectKey, status: r.status };
      });
      const next: DeliveryRecord[] = [];
      for (const f of recorded.filter((r) => r.status !== 'pending')) {
        const n = headOf(f.objectKey);
        if (n?.status === 'waiting') next.push({ ...n });
      }
      return { recorded, next, subscription: o.sub ?? subscription() };
    },
    promoteNextOf: async (_tx, _sub, keys, now) => {
      for (const key of keys) {
        const next = rows.find((r) => r.objectKey === key && r.status === 'waiting');
        if (next) Object.assign(next, { status: 'pending', seriesStartedAt: now, nextAttemptAt: now });
      }
      return keys.length;
    },
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
    return o.answer?.(r.headers['X-CPM-Event-Id']) ?? { status: 200, durationMs: 3, error: null };
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
      inflight: 4,
    },
    random: () => 1,
  });
  const ctx = {
    id: 'job-1',
    kind: DISPATCH_JOB_KIND,
    payload: { subscriptionId: 'sub-1' },
    userId: null,
    attempt: 1,
    checkpoint: null,
    signal: new AbortController().signal,
    progress: async () => undefined,
    inLease: (work) => work(TX),
  } satisfies JobContext<{ subscriptionId: string }>;
  return { clock, repo, jobs, sent, outbound, ctx, notifyUser, announce, rows };
};

const fail503 = () => ({ status: 503, durationMs: 5, error: null });

describe('outbound delivery', () => {
  it('signs the stored body with the secret and sends the event id', async () => {
    const s = setup();
    await s.outbound.dispatch(s.ctx);
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

  it('sends the events of one object one after another, and of different objects side by side', async () => {
    const lane = (obj: number, n: number) =>
      delivery({
        id: `d-${obj}-${n}`,
        eventId: `e-${obj}-${n}`,
        objectKey: `terminal:SN${obj}`,
        status: n === 0 ? 'pending' : 'waiting',
      });
    const s = setup({
      sub: subscription({ consecutiveFailures: 2 }),
      rows: [0, 1, 2].flatMap((n) => [0, 1].map((o) => lane(o, n))),
    });
    expect(await s.outbound.dispatch(s.ctx)).toEqual({ sent: 6, delivered: 6 });
    const order = s.sent.map((r) => r.headers['X-CPM-Event-Id']);
    expect(order.filter((id) => id.startsWith('e-0'))).toEqual(['e-0-0', 'e-0-1', 'e-0-2']);
    expect(order.filter((id) => id.startsWith('e-1'))).toEqual(['e-1-0', 'e-1-1', 'e-1-2']);
    // The two lanes' heads went out together and were recorded in one transaction.
    expect(s.repo.recordAttempts.mock.calls[0][2].map((a) => a.id)).toEqual(['d-0-0', 'd-1-0']);
    expect(s.rows.every((r) => r.status === 'delivered' && r.responseCode === 200)).toBe(true);
    // The failure streak the subscription had ends with the first success, once.
    expect(s.repo.succeeded).toHaveBeenCalledOnce();
  });

  it('retries a failure after the back-off, keeping the next of its object waiting', async () => {
    const s = setup({
      answer: fail503,
      rows: [
        delivery({ attempts: 2 }),
        delivery({ id: 'd-2', objectKey: 'terminal:SN1', status: 'waiting' }),
      ],
    });
    await s.outbound.dispatch(s.ctx);
    expect(s.sent).toHaveLength(1);
    expect(s.rows[0]).toMatchObject({
      status: 'pending',
      responseCode: 503,
      error: 'HTTP 503',
      nextAttemptAt: new Date(s.clock.now().getTime() + 4000),
    });
    expect(s.rows[1].status).toBe('waiting');
  });

  it('gives up once the next attempt would fall past the retry period, and lets the next go', async () => {
    const s = setup({
      answer: () => ({ status: null, durationMs: 5, error: 'ECONNREFUSED' }),
      rows: [delivery(), delivery({ id: 'd-2', eventId: 'e-2', status: 'waiting' })],
    });
    s.clock.advance(59_001);
    await s.outbound.dispatch(s.ctx);
    // The next one went too, and is waiting for its own retry.
    expect(s.rows[0]).toMatchObject({ status: 'failed', error: 'ECONNREFUSED', nextAttemptAt: null });
    expect(s.rows[1]).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('turns a subscription off with a notice to its owner after failing long and often enough', async () => {
    const s = setup({ answer: fail503 });
    s.repo.failed.mockResolvedValueOnce(
      subscription({ consecutiveFailures: 3, failingSince: new Date(s.clock.now().getTime() - 10_000) }),
    );
    await s.outbound.dispatch(s.ctx);
    expect(s.repo.disable).toHaveBeenCalledWith(TX, 'sub-1', '3 attempts failed in a row', s.clock.now());
    expect(s.notifyUser).toHaveBeenCalledWith(expect.objectContaining({ userId: 'owner-1' }), TX);
    expect(s.announce).toHaveBeenCalledOnce();
  });

  it('keeps it on while the streak is short in time, however many attempts failed', async () => {
    const s = setup({ answer: fail503 });
    s.repo.failed.mockResolvedValueOnce(
      subscription({ consecutiveFailures: 50, failingSince: new Date(s.clock.now().getTime() - 9_999) }),
    );
    await s.outbound.dispatch(s.ctx);
    expect(s.repo.disable).not.toHaveBeenCalled();
    expect(s.notifyUser).not.toHaveBeenCalled();
  });

  it('fails the deliveries of a disabled subscription without sending, in order', async () => {
    const s = setup({
      sub: subscription({ enabled: false }),
      rows: [delivery(), delivery({ id: 'd-2', status: 'waiting' })],
    });
    await s.outbound.dispatch(s.ctx);
    expect(s.sent).toEqual([]);
    expect(s.rows.map((r) => [r.id, r.status, r.error])).toEqual([
      ['d-1', 'failed', 'subscription disabled'],
      ['d-2', 'failed', 'subscription disabled'],
    ]);
    expect(s.repo.failed).not.toHaveBeenCalled();
  });

  it('records what receivers accepted when stopped, and leaves the rest pending', async () => {
    const stop = new AbortController();
    const s = setup({
      rows: [delivery(), delivery({ id: 'd-2', eventId: 'e-2', objectKey: 'terminal:SN2' })],
      answer: (id) => {
        if (id === 'e-1') return { status: 200, durationMs: 1, error: null };
        stop.abort(new Error('server shutting down'));
        return { status: null, durationMs: 1, error: 'aborted' };
      },
    });
    await expect(s.outbound.dispatch({ ...s.ctx, signal: stop.signal })).rejects.toThrow(
      'server shutting down',
    );
    expect(s.rows.map((r) => r.status)).toEqual(['delivered', 'pending']);
    expect(s.rows[1].attempts).toBe(0);
  });

  it('wakes the dispatch job of every subscription an event goes to, in the same transaction', async () => {
    const s = setup();
    s.repo.matching.mockResolvedValueOnce([subscription(), subscription({ id: 'sub-2' })]);
    const eventId = await s.outbound.publish({
      type: 'terminal.online',
      ownerId: 'owner-1',
      objectKey: 'terminal:SN1',
      data: {},
    });
    expect(s.repo.enqueue.mock.calls.map(([, d]) => d.eventId)).toEqual([eventId, eventId]);
    expect(s.jobs.enqueueJob.mock.calls.map(([job, tx]) => [job.singletonKey, job.join, tx])).toEqual([
      [`${DISPATCH_JOB_KIND}:sub-1`, true, TX],
      [`${DISPATCH_JOB_KIND}:sub-2`, true, TX],
    ]);
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
