import { terminalTopic } from '@cpm/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fakeOf } from '../../test-support/fake';
import { createTestClock } from '../../test-support/test-app';
import { createPolicyAgentService, type PolicyAgentDeps } from './policy-agent.service';
import type { createPolicyFieldsRepository } from './policy-fields.repository';

const T = { id: 't-1', sn: 'SN0001', ownerId: 'ent-1' };

const setup = () => {
  const fields = fakeOf<typeof createPolicyFieldsRepository>({
    nextRevision: vi.fn(async () => 7),
    send: vi.fn(async () => []),
    applyResults: vi.fn(async () => []),
    applyChanges: vi.fn(async () => []),
    revert: vi.fn(async () => []),
    clearRevert: vi.fn(async () => undefined),
  });
  const publish = vi.fn<NonNullable<PolicyAgentDeps['publish']>>(async () => undefined);
  const drifted = vi.fn<PolicyAgentDeps['drifted']>();
  const agent = createPolicyAgentService({
    fields,
    clock: createTestClock(),
    terminalBySn: async (sn) => (sn === T.sn ? T : null),
    publish,
    drifted,
    log: { error: vi.fn() },
  });
  return { fields, publish, drifted, agent };
};

const message = (body: object, sn = T.sn) =>
  [terminalTopic(sn, 'up', 'policy'), Buffer.from(JSON.stringify(body))] as const;

describe('policy agent', () => {
  it('answers a sync with every field of the terminal at a new revision, on its down/policy topic', async () => {
    const { fields, publish, agent } = setup();
    fields.send.mockResolvedValue([
      { terminalId: 't-1', sn: T.sn, field: 'bluetooth', value: false, revision: 7 },
    ]);
    await agent.handleMessage(...message({ sync: true }));
    expect(fields.send.mock.calls[0][0]).toEqual({ kind: 'terminal', terminalId: 't-1' });
    expect(publish).toHaveBeenCalledWith(
      T.sn,
      expect.objectContaining({
        type: 'policy',
        version: 1,
        revision: 7,
        fields: [{ field: 'bluetooth', value: false }],
      }),
    );
  });

  it('stores per-field answers at their revision and tells the console about drift', async () => {
    const { fields, drifted, agent } = setup();
    fields.applyChanges.mockResolvedValue([{ field: 'bluetooth', state: 'drift', drifted: true }]);
    await agent.handleMessage(
      ...message({
        revision: 5,
        results: [
          { field: 'kioskApp', state: 'failed', reason: 'APP_NOT_INSTALLED', message: 'not there' },
          { field: 'wallpaper', state: 'unsupported' },
        ],
        changes: [{ field: 'bluetooth', actual: true }],
      }),
    );
    expect(fields.applyResults.mock.calls[0].slice(0, 3)).toEqual([
      't-1',
      5,
      [
        {
          field: 'kioskApp',
          state: 'failed',
          actual: null,
          reason: 'APP_NOT_INSTALLED',
          message: 'not there',
        },
        { field: 'wallpaper', state: 'unsupported', actual: null, reason: null, message: null },
      ],
    ]);
    expect(drifted).toHaveBeenCalledWith(T, ['bluetooth']);
  });

  it('reverts what an all-or-nothing converge applied when a field of it fails', async () => {
    const { fields, publish, agent } = setup();
    fields.applyResults.mockResolvedValue([
      { field: 'bluetooth', state: 'verified' },
      { field: 'kioskApp', state: 'failed' },
    ]);
    fields.revert.mockResolvedValue([{ field: 'bluetooth', value: true }]);
    const answer = await agent.report(T, {
      revision: 9,
      results: [
        { field: 'bluetooth', state: 'applied', actual: false },
        { field: 'kioskApp', state: 'failed', reason: 'APP_NOT_INSTALLED' },
      ],
      changes: [],
    });
    expect(answer.document).toMatchObject({ revision: 9, fields: [{ field: 'bluetooth', value: true }] });
    expect(publish).not.toHaveBeenCalled();
  });

  it('drops malformed reports and unknown senders, counting them', async () => {
    const { fields, agent } = setup();
    await agent.handleMessage(terminalTopic(T.sn, 'up', 'policy'), Buffer.from('{not json'));
    await agent.handleMessage(...message({ results: [{ field: 'nope', state: 'applied' }] }));
    await agent.handleMessage(...message({ sync: true }, 'SN9999'));
    expect(agent.stats()).toMatchObject({ malformed: 2, refused: 1 });
    expect(fields.send).not.toHaveBeenCalled();
  });
});
