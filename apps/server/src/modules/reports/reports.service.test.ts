import type { ReportScheduleSave } from '@cpm/contracts';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../shared/app-error';
import type { OperationNote } from '../../shared/operation-note';
import { fakeOf, holding, NOT_FOUND } from '../../test-support/fake';
import { authOf, RECORD_TIME, reportScheduleRecord } from '../../test-support/records';
import type { createReportsRepository } from './reports.repository';
import { createReportsService } from './reports.service';

const note = (): OperationNote => ({ subject: vi.fn(), also: vi.fn(), actor: vi.fn(), fail: vi.fn() });

const body = (over: Partial<ReportScheduleSave> = {}): ReportScheduleSave => ({
  name: 'Morning fleet',
  email: 'ops@example.test',
  frequency: 'daily',
  hour: 9,
  timeZone: 'Asia/Shanghai',
  language: 'zh',
  sections: ['fleet'],
  ...over,
});

const setup = () => {
  const repo = fakeOf<typeof createReportsRepository>();
  const enqueueSend = vi.fn(async () => 'job-1');
  const service = createReportsService({ repo, clock: { now: () => RECORD_TIME }, enqueueSend });
  return { repo, enqueueSend, service };
};

const editor = authOf({ permissions: ['data:report:add', 'data:report:edit'] });

describe('scheduled reports', () => {
  it('sets a new schedule to its first hour in its own time zone, owned by the caller', async () => {
    const { repo, service } = setup();
    repo.countOwned.mockResolvedValue(0);
    repo.insert.mockResolvedValue({ id: 'r1' });
    // 08:00 UTC is 16:00 in Shanghai: 09:00 Shanghai comes next at 01:00 UTC the day after.
    await service.save(editor, note(), body());
    expect(repo.insert).toHaveBeenCalledWith(
      expect.objectContaining({
        ownerId: editor.userId,
        paused: false,
        nextRunAt: new Date('2026-06-02T01:00:00Z'),
      }),
    );
  });

  it('runs a weekly schedule on its day and drops a month day it does not read', async () => {
    const { repo, service } = setup();
    repo.countOwned.mockResolvedValue(0);
    repo.insert.mockResolvedValue({ id: 'r1' });
    // 2026-06-01 is a Monday; Friday (5) at 07:00 in New York is 11:00 UTC on 2026-06-05.
    await service.save(
      editor,
      note(),
      body({ frequency: 'weekly', weekday: 5, monthDay: 3, hour: 7, timeZone: 'America/New_York' }),
    );
    expect(repo.insert).toHaveBeenCalledWith(
      expect.objectContaining({ weekday: 5, monthDay: null, nextRunAt: new Date('2026-06-05T11:00:00Z') }),
    );
  });

  it('refuses to create without the add permission', async () => {
    const { repo, service } = setup();
    await expect(
      service.save(authOf({ permissions: ['data:report:edit'] }), note(), body()),
    ).rejects.toMatchObject({ key: 'forbidden' });
    expect(repo.insert).not.toHaveBeenCalled();
  });

  it('refuses a schedule past the per-account limit, saving nothing', async () => {
    const { repo, service } = setup();
    repo.countOwned.mockResolvedValue(20);
    await expect(service.save(editor, note(), body())).rejects.toEqual(new AppError('reportLimitReached'));
    expect(repo.insert).not.toHaveBeenCalled();
  });

  it('answers not found for a schedule outside the caller’s scope', async () => {
    const { repo, service } = setup();
    repo.findVisible.mockResolvedValue(NOT_FOUND);
    await expect(service.save(editor, note(), body({ id: crypto.randomUUID() }))).rejects.toMatchObject({
      key: 'reportNotFound',
    });
    expect(repo.update).not.toHaveBeenCalled();
  });

  it('keeps an edited paused schedule paused, with no next occurrence', async () => {
    const { repo, service } = setup();
    const row = holding(repo.findVisible, reportScheduleRecord({ paused: true, nextRunAt: null }));
    await service.save(editor, note(), body({ id: row.id, hour: 6 }));
    expect(repo.update).toHaveBeenCalledWith(
      row.id,
      expect.objectContaining({ hour: 6, nextRunAt: null }),
      RECORD_TIME,
    );
  });

  it('clears the next occurrence on pause and sets the first one after now on resume', async () => {
    const { repo, service } = setup();
    const row = holding(repo.findVisible, reportScheduleRecord());
    await service.pause(editor, note(), row.id, true);
    expect(repo.update).toHaveBeenLastCalledWith(row.id, { paused: true, nextRunAt: null }, RECORD_TIME);
    await service.pause(editor, note(), row.id, false);
    expect(repo.update).toHaveBeenLastCalledWith(
      row.id,
      { paused: false, nextRunAt: new Date('2026-06-02T01:00:00Z') },
      RECORD_TIME,
    );
  });

  it('names the deleted schedule in the operation log', async () => {
    const { repo, service } = setup();
    const row = holding(repo.findVisible, reportScheduleRecord({ name: 'Weekly alerts' }));
    const n = note();
    await service.remove(editor, n, row.id);
    expect(repo.remove).toHaveBeenCalledWith(row.id);
    expect(n.subject).toHaveBeenCalledWith({ id: row.id, name: 'Weekly alerts' });
  });

  it('queues a report of the period ending now when sent at once', async () => {
    const { repo, service, enqueueSend } = setup();
    const row = holding(repo.findVisible, reportScheduleRecord({ paused: true }));
    expect(await service.sendNow(editor, row.id)).toEqual({ jobId: 'job-1' });
    expect(enqueueSend).toHaveBeenCalledWith(row.id, RECORD_TIME, editor.userId);
  });
});
