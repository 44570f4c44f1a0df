import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOperationNote } from '../../shared/operation-note';
import { authOf } from '../../test-support/records';
import { createTestClock } from '../../test-support/test-app';
import type { Tx } from '../jobs/jobs.repository';
import type { AlertRecord, AlertsRepository, RuleRecord } from './alerts.repository';
import { createAlertsService } from './alerts.service';
import type { Evaluation } from './evaluate.repository';

const quiet: Evaluation = {
  raised: [],
  flapping: [],
  repeated: 0,
  cleared: [],
  incidentOpened: null,
  joined: 0,
  incidentsClosed: [],
};
const rule = (over: Partial<RuleRecord> = {}) =>
  ({ id: randomUUID(), ownerId: randomUUID(), maintenance: [], ...over }) as RuleRecord;
const alert = (r: RuleRecord) =>
  ({
    id: randomUUID(),
    ruleId: r.id,
    ownerId: r.ownerId,
    ruleName: 'Paper',
    subjectKey: 'SN1',
  }) as AlertRecord;

/** The service over fakes: each rule's round answers what `rounds` says; announcements are kept. */
const setup = (
  rules: RuleRecord[],
  rounds: Map<string, Partial<Evaluation>>,
  changed: AlertRecord[] = [],
) => {
  const announced: { id: string; ownerId: string }[] = [];
  const repo = {
    enabledRules: async () => rules,
    transition: async (
      _scope: unknown,
      _ids: string[],
      _change: unknown,
      within: (tx: Tx, c: AlertRecord[]) => Promise<void>,
    ) => {
      await within({} as Tx, changed);
      return changed;
    },
  } as unknown as AlertsRepository;
  const alerts = createAlertsService({
    repo,
    evaluateRule: async (r) => ({ ...quiet, ...rounds.get(r.id) }),
    queue: async () => undefined,
    clock: createTestClock(),
    announce: (r) => void announced.push({ id: r.id, ownerId: r.ownerId }),
  });
  return { alerts, announced };
};

describe('alert changes told to the consoles', () => {
  it('announces the rules whose round opened, closed or grouped alerts, not those that only repeated', async () => {
    const [raising, clearing, grouping, repeating, still] = [rule(), rule(), rule(), rule(), rule()];
    const { alerts, announced } = setup(
      [raising, clearing, grouping, repeating, still],
      new Map<string, Partial<Evaluation>>([
        [raising.id, { raised: [randomUUID()] }],
        [clearing.id, { cleared: [randomUUID()] }],
        [grouping.id, { joined: 3, incidentOpened: { id: randomUUID(), members: 3 } }],
        [repeating.id, { repeated: 2 }],
      ]),
    );
    await alerts.evaluateAll();
    expect(announced).toEqual([raising, clearing, grouping].map((r) => ({ id: r.id, ownerId: r.ownerId })));
  });

  it('announces each rule of the alerts a user acknowledged or closed, once', async () => {
    const [paper, cover] = [rule(), rule()];
    const changed = [alert(paper), alert(paper), alert(cover)];
    const { alerts, announced } = setup([], new Map(), changed);
    const { note } = createOperationNote();
    await alerts.transition(
      authOf(),
      note,
      'closed',
      changed.map((a) => a.id),
      '',
    );
    expect(announced).toEqual([paper, cover].map((r) => ({ id: r.id, ownerId: r.ownerId })));
  });

  it('announces nothing when no alert changed', async () => {
    const { alerts, announced } = setup([], new Map(), []);
    await alerts.transition(authOf(), createOperationNote().note, 'acknowledged', [randomUUID()], '');
    expect(announced).toEqual([]);
  });
});
