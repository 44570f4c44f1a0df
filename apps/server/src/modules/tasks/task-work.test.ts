import { describe, expect, it, vi } from 'vitest';
import { fakeOf } from '../../test-support/fake';
import { announceWorkChanges } from './task-work';
import type { createTasksRepository, RunRecord, TaskRecord } from './tasks.repository';

const NOW = new Date('2026-01-01T00:00:00Z');

const setup = () => {
  const repo = fakeOf<typeof createTasksRepository>();
  const work = { changed: vi.fn(), taken: vi.fn() };
  return { repo, work, watched: announceWorkChanges(repo, work) };
};

describe('work changes of the tasks repository', () => {
  it('tells of a change when a task moved', async () => {
    const s = setup();
    s.repo.transition.mockResolvedValue({ id: 't1' } as TaskRecord);
    await s.watched.transition('t1', ['paused'], { status: 'normal' }, NOW);
    expect(s.work.changed).toHaveBeenCalledOnce();
  });

  it('tells nothing when the task had moved on already', async () => {
    const s = setup();
    s.repo.transition.mockResolvedValue(null as never);
    await s.watched.transition('t1', ['paused'], { status: 'normal' }, NOW);
    expect(s.work.changed).not.toHaveBeenCalled();
  });

  it('tells of a catch-up only when it wrote deliveries, online or not', async () => {
    const s = setup();
    s.repo.catchUp.mockResolvedValueOnce({ written: 0, nudge: [] });
    s.repo.catchUp.mockResolvedValueOnce({ written: 2, nudge: [] });
    await s.watched.catchUp({} as RunRecord, { platform: 'android' } as never, NOW);
    expect(s.work.changed).not.toHaveBeenCalled();
    await s.watched.catchUp({} as RunRecord, { platform: 'android' } as never, NOW);
    expect(s.work.changed).toHaveBeenCalledOnce();
  });

  it('tells of a released wave', async () => {
    const s = setup();
    s.repo.releaseWave.mockResolvedValue({ id: 'r1' } as RunRecord);
    await s.watched.releaseWave('r1', 0, NOW);
    expect(s.work.changed).toHaveBeenCalledOnce();
  });

  it("tells of a pull and a result as that terminal's only", async () => {
    const s = setup();
    s.repo.pull.mockResolvedValue([]);
    s.repo.report.mockResolvedValue([]);
    await s.watched.pull('term-1', NOW);
    await s.watched.report('term-2', [], NOW);
    expect(s.work.taken.mock.calls).toEqual([['term-1'], ['term-2']]);
    expect(s.work.changed).not.toHaveBeenCalled();
  });

  it('leaves writes inside a transaction to the caller, who tells after the commit', async () => {
    const s = setup();
    s.repo.fanOutBatch.mockResolvedValue({ last: 'x', seen: 1, written: 1, nudge: [] });
    await s.watched.fanOutBatch({} as never, {} as never);
    expect(s.work.changed).not.toHaveBeenCalled();
  });

  it('tells nothing of reads', async () => {
    const s = setup();
    s.repo.pending.mockResolvedValue(3);
    expect(await s.watched.pending('term-1')).toBe(3);
    expect(s.work.changed).not.toHaveBeenCalled();
    expect(s.work.taken).not.toHaveBeenCalled();
  });
});
