import { describe, expect, it, vi } from 'vitest';
import { fakeOf, holding } from '../../test-support/fake';
import { authOf, RECORD_TIME, reportScheduleRecord } from '../../test-support/records';
import type { JobContext, JobHandler } from '../jobs/jobs.service';
import { MAIL_JOB_KIND } from '../mail/mail.jobs';
import type { ReportSources } from './report-content';
import { REPORT_SEND_JOB, type ReportSendPayload, registerReportJobs } from './report-jobs';
import type { createReportsRepository } from './reports.repository';

const TX = { tx: true } as never;

const setup = (owner = authOf({ permissions: ['device:terminal:view'] })) => {
  const handlers = new Map<string, JobHandler>();
  const jobs = {
    registerHandler: vi.fn((kind: string, run: JobHandler) => void handlers.set(kind, run)),
    enqueueJob: vi.fn(async () => ({ id: 'job-1' }) as never),
    schedule: vi.fn(),
  };
  const repo = fakeOf<typeof createReportsRepository>();
  const sources: ReportSources = {
    fleet: vi.fn(async () => ({ total: 1, online: 0, offline: 1, byStatus: [] })),
    offline: vi.fn(async () => ({ rows: [], total: 0 })),
    alerts: vi.fn(async () => ({ rows: [], total: 0 })),
    tasks: vi.fn(async () => []),
    compliance: vi.fn(async () => []),
  };
  registerReportJobs({ jobs, repo, clock: { now: () => RECORD_TIME }, sources, actingAs: async () => owner });
  const send = (payload: ReportSendPayload, checkpoint: unknown = null) => {
    const inLease = vi.fn(async (work: (tx: never) => Promise<unknown>) => work(TX));
    const ctx = { payload, checkpoint, inLease } as unknown as JobContext<ReportSendPayload>;
    return { run: (handlers.get(REPORT_SEND_JOB) as JobHandler<ReportSendPayload>)(ctx), inLease };
  };
  return { jobs, repo, send };
};

const payload = (scheduleId: string): ReportSendPayload => ({
  scheduleId,
  periodEnd: '2026-06-02T01:00:00.000Z',
  manual: false,
});

describe('the report send job', () => {
  it('queues the mail and marks the schedule sent in one leased transaction, with a checkpoint', async () => {
    const { jobs, repo, send } = setup();
    const row = holding(repo.findById, reportScheduleRecord());
    const { run, inLease } = send(payload(row.id));
    await run;
    expect(inLease).toHaveBeenCalledWith(expect.any(Function), 'mailQueued');
    expect(jobs.enqueueJob).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: MAIL_JOB_KIND,
        payload: expect.objectContaining({ to: row.email, subject: '定时报表：Morning fleet' }),
      }),
      TX,
    );
    expect(repo.markSent).toHaveBeenCalledWith(row.id, RECORD_TIME, TX);
  });

  it('queues no second mail when retried after the mail was queued', async () => {
    const { jobs, repo, send } = setup();
    holding(repo.findById, reportScheduleRecord());
    await send(payload('any'), 'mailQueued').run;
    expect(jobs.enqueueJob).not.toHaveBeenCalled();
    expect(repo.findById).not.toHaveBeenCalled();
  });

  it('sends nothing for a schedule paused or deleted since it was queued', async () => {
    const { jobs, repo, send } = setup();
    holding(repo.findById, reportScheduleRecord({ paused: true }));
    expect(await send(payload('p')).run).toEqual({ skipped: 'paused' });
    repo.findById.mockResolvedValue(null as never);
    expect(await send(payload('d')).run).toEqual({ skipped: 'deleted' });
    expect(jobs.enqueueJob).not.toHaveBeenCalled();
  });

  it('refuses, once and for all, when the owner is no longer active', async () => {
    const { jobs, repo, send } = setup(null as never);
    holding(repo.findById, reportScheduleRecord());
    await expect(send(payload('x')).run).rejects.toMatchObject({ key: 'reportOwnerInactive' });
    expect(jobs.enqueueJob).not.toHaveBeenCalled();
  });
});
