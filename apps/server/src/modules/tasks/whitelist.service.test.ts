import { WhitelistSaveSchema } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import { createOperationNote } from '../../shared/operation-note';
import { fakeOf, NOT_FOUND } from '../../test-support/fake';
import { authOf, RECORD_TIME } from '../../test-support/records';
import { createTestClock } from '../../test-support/test-app';
import type { createWhitelistRepository } from './whitelist.repository';
import { createWhitelistService } from './whitelist.service';

type Whitelist = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createWhitelistRepository>['findVisible']>>
>;
type WhitelistRow = Awaited<ReturnType<ReturnType<typeof createWhitelistRepository>['rowOf']>>;

const whitelist = { id: 'w1', name: 'Pilot' } as Whitelist;
const rowOf = (over: Partial<WhitelistRow> = {}) =>
  ({ id: 'w1', name: 'Pilot', activeTasks: 0, ...over }) as WhitelistRow;

const setup = () => {
  const repo = fakeOf<typeof createWhitelistRepository>();
  repo.rowOf.mockResolvedValue(rowOf());
  const { note } = createOperationNote();
  return { repo, note, service: createWhitelistService({ repo, clock: createTestClock(RECORD_TIME) }) };
};

describe('whitelists', () => {
  it('keeps an SN listed twice once', async () => {
    const s = setup();
    s.repo.insert.mockResolvedValue(whitelist);
    const body = WhitelistSaveSchema.parse({ name: 'Pilot', sns: ['sn0001', 'SN0001', 'SN0002'] });
    await s.service.save(authOf(), s.note, body);
    expect(s.repo.insert.mock.calls[0][1]).toEqual(['SN0001', 'SN0002']);
  });

  it('answers taskWhitelistDuplicate when the name is taken', async () => {
    const s = setup();
    s.repo.insert.mockResolvedValue(NOT_FOUND);
    await expect(
      s.service.save(authOf(), s.note, WhitelistSaveSchema.parse({ name: 'pilot' })),
    ).rejects.toMatchObject({ key: 'taskWhitelistDuplicate' });
  });

  it('answers taskWhitelistNotFound for the entries of a list outside the caller’s scope', async () => {
    const s = setup();
    s.repo.findVisible.mockResolvedValue(NOT_FOUND);
    await expect(s.service.entries(authOf(), { id: 'w1', current: 1, size: 10 })).rejects.toMatchObject({
      key: 'taskWhitelistNotFound',
    });
    expect(s.repo.entries).not.toHaveBeenCalled();
  });

  it('will not delete a list an active task uses', async () => {
    const s = setup();
    s.repo.findVisible.mockResolvedValue(whitelist);
    s.repo.rowOf.mockResolvedValue(rowOf({ activeTasks: 1 }));
    await expect(s.service.remove(authOf(), s.note, 'w1')).rejects.toMatchObject({
      key: 'taskWhitelistInUse',
    });
    expect(s.repo.remove).not.toHaveBeenCalled();
  });
});
