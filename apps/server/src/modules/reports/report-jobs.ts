import type { ReportLanguage, ReportSection } from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { JobsService } from '../jobs/jobs.service';
import { MAIL_JOB_KIND } from '../mail/mail.jobs';
import { gatherReport, type ReportSources } from './report-content';
import { reportMail } from './report-mail';
import { nextRunOf, periodStartOf } from './report-schedule';
import { writeReportWorkbook } from './report-workbook';
import type { ReportsRepository } from './reports.repository';

export const REPORT_DISPATCH_JOB = 'reports.dispatch';
export const REPORT_SEND_JOB = 'reports.send';

/** Schedules one dispatch transaction takes; a longer queue is taken in further rounds of the same job. */
const DISPATCH_ROUND = 500;

/** What a send job carries: the schedule and the end of the period its report covers. */
export type ReportSendPayload = { scheduleId: string; periodEnd: string; manual: boolean };

/** The checkpoint saved with the queued mail: a retry after it has nothing left to do. */
const MAIL_QUEUED = 'mailQueued';

/**
 * The report jobs. Every quarter hour (whole-hour schedules in zones a quarter or half hour off UTC
 * fall on one) the dispatcher queues a send job per due schedule and moves the schedule to its next
 * occurrence, in one transaction. A send job reads the sections as the owner sees them, writes the
 * workbook and queues the mail (the mail module's job) in one transaction with a checkpoint, so a
 * crash before it sends again and a crash after it sends nothing twice.
 */
export const registerReportJobs = (deps: {
  jobs: Pick<JobsService, 'registerHandler' | 'enqueueJob' | 'schedule'>;
  repo: ReportsRepository;
  clock: Clock;
  sources: ReportSources;
  /** The owner as a caller (their permissions and data scope now), or null when inactive or gone. */
  actingAs: (userId: string) => Promise<AuthContext | null>;
}) => {
  const { jobs, repo, clock } = deps;
  jobs.registerHandler(REPORT_DISPATCH_JOB, async (ctx) => {
    const now = clock.now();
    let queued = 0;
    for (;;) {
      const round = await ctx.inLease(async (tx) => {
        const due = await repo.claimDue(now, DISPATCH_ROUND, tx);
        for (const s of due) {
          const periodEnd = (s.nextRunAt as Date).toISOString();
          await jobs.enqueueJob(
            {
              kind: REPORT_SEND_JOB,
              payload: { scheduleId: s.id, periodEnd, manual: false } satisfies ReportSendPayload,
              singletonKey: `report:${s.id}:${periodEnd}`,
            },
            tx,
          );
          // Occurrences missed while no server ran collapse into the one just queued.
          await repo.setNextRun(s.id, nextRunOf(s, now), tx);
        }
        return due.length;
      });
      queued += round;
      if (round < DISPATCH_ROUND) return { queued };
    }
  });
  jobs.schedule({ name: REPORT_DISPATCH_JOB, cron: '*/15 * * * *', kind: REPORT_DISPATCH_JOB });

  jobs.registerHandler<ReportSendPayload>(REPORT_SEND_JOB, async (ctx) => {
    if (ctx.checkpoint === MAIL_QUEUED) return { sent: true };
    const s = await repo.findById(ctx.payload.scheduleId);
    if (!s) return { skipped: 'deleted' };
    if (s.paused && !ctx.payload.manual) return { skipped: 'paused' };
    const owner = await deps.actingAs(s.ownerId);
    if (!owner) throw new AppError('reportOwnerInactive');
    const to = new Date(ctx.payload.periodEnd);
    const period = { from: periodStartOf(s, to, ctx.payload.manual), to };
    const data = await gatherReport(deps.sources, owner, s.sections as ReportSection[], period);
    const language = s.language as ReportLanguage;
    const workbook = await writeReportWorkbook(data, { lang: language, timeZone: s.timeZone });
    const mail = reportMail({ ...s, language }, data, workbook);
    await ctx.inLease(async (tx) => {
      await jobs.enqueueJob({ kind: MAIL_JOB_KIND, payload: mail }, tx);
      await repo.markSent(s.id, clock.now(), tx);
    }, MAIL_QUEUED);
    return { sent: true, to: s.email, omitted: data.omitted };
  });

  /** Queues a report of the period ending at `periodEnd`, started by `userId` (who sees the job). */
  return async (scheduleId: string, periodEnd: Date, userId: string) =>
    (
      await jobs.enqueueJob({
        kind: REPORT_SEND_JOB,
        userId,
        payload: { scheduleId, periodEnd: periodEnd.toISOString(), manual: true } satisfies ReportSendPayload,
      })
    ).id;
};
