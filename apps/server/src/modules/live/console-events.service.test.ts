import type { FleetEvent } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../test-support/test-app';
import { createConsoleEvents } from './console-events.service';

const setup = (opts: { fail?: (topic: string) => boolean; broker?: boolean } = {}) => {
  const sent: { topic: string; payload: unknown; qos: number }[] = [];
  const warnings: { obj: Record<string, unknown>; msg: string }[] = [];
  let audienceReads = 0;
  const clock = createTestClock();
  const events = createConsoleEvents({
    publish: () =>
      opts.broker === false
        ? null
        : async (topic, payload, { qos }) => {
            if (opts.fail?.(topic)) throw new Error('broker down');
            sent.push({ topic, payload: JSON.parse(payload), qos });
          },
    repo: {
      findAudienceOf: async (ownerId) => {
        audienceReads++;
        return [ownerId, 'admin'];
      },
    },
    clock,
    log: { warn: (obj, msg) => void warnings.push({ obj: obj as Record<string, unknown>, msg }) },
  });
  return { events, sent, warnings, clock, audienceReads: () => audienceReads };
};

const jobEvent = {
  type: 'job',
  jobId: 'j1',
  kind: 'export',
  status: 'running',
  percent: 30,
  message: null,
  messageEn: null,
  errorId: null,
  result: null,
} as const;

describe('console events', () => {
  it("publishes to one user's topic of the kind, QoS 0 unless asked", async () => {
    const { events, sent } = setup();
    expect(await events.publishToUser('u1', 'job', jobEvent)).toBe(true);
    expect(
      await events.publishToUser(
        'u1',
        'notice',
        { type: 'message', event: 'read', messageId: null },
        { qos: 1 },
      ),
    ).toBe(true);
    expect(sent).toEqual([
      { topic: 'cpm/user/u1/job', payload: jobEvent, qos: 0 },
      { topic: 'cpm/user/u1/notice', payload: { type: 'message', event: 'read', messageId: null }, qos: 1 },
    ]);
  });

  it('logs a failed publish with its user, kind and topic and goes on with the others', async () => {
    const { events, sent, warnings } = setup({ fail: (topic) => topic.includes('/u2/') });
    const event = { type: 'message', event: 'published', messageId: 'm1' } as const;
    expect(await events.publishToUsers(['u1', 'u2', 'u3'], 'notice', event)).toBe(2);
    expect(sent.map((s) => s.topic)).toEqual(['cpm/user/u1/notice', 'cpm/user/u3/notice']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toBe('console event not sent');
    expect(warnings[0].obj).toMatchObject({ userId: 'u2', kind: 'notice', topic: 'cpm/user/u2/notice' });
    expect((warnings[0].obj.err as Error).message).toBe('broker down');
  });

  it('sends to the users who may see a terminal, reading them once a minute', async () => {
    const { events, sent, clock, audienceReads } = setup();
    const fleet: FleetEvent = {
      type: 'terminals',
      more: false,
      changes: [{ sn: 'SN0001', kind: 'online', online: true }],
    };
    expect(await events.publishToTerminalAudience('owner', 'device', fleet)).toBe(2);
    await events.publishToTerminalAudience('owner', 'device', fleet);
    expect(audienceReads()).toBe(1);
    clock.advance(60_000);
    await events.publishToTerminalAudience('owner', 'device', fleet);
    expect(audienceReads()).toBe(2);
    expect(sent.map((s) => s.topic).slice(0, 2)).toEqual(['cpm/user/owner/device', 'cpm/user/admin/device']);
  });

  it('says so when there is no broker', async () => {
    const { events } = setup({ broker: false });
    expect(events.enabled()).toBe(false);
    expect(await events.publishToUser('u1', 'job', jobEvent)).toBe(false);
  });
});
