import {
  type PageQuery,
  REPORT_SCHEDULES_MAX,
  type ReportFrequency,
  type ReportLanguage,
  type ReportScheduleRow,
  type ReportScheduleSave,
  type ReportSection,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationNote } from '../../shared/operation-note';
import { pageOffset, toPage } from '../../shared/paging';
import { requireAddOrEdit } from '../../shared/permissions';
import { nextRunOf } from './report-schedule';
import type { ReportsRepository, ScheduleRecord } from './reports.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A schedule as the list shows it. */
export const toScheduleRow = (r: ScheduleRecord, ownerName: string | null): ReportScheduleRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  frequency: r.frequency as ReportFrequency,
  hour: r.hour,
  weekday: r.weekday,
  monthDay: r.monthDay,
  timeZone: r.timeZone,
  language: r.language as ReportLanguage,
  sections: r.sections as ReportSection[],
  paused: r.paused,
  nextRunAt: iso(r.nextRunAt),
  lastSentAt: iso(r.lastSentAt),
  ownerId: r.ownerId,
  ownerName,
  createdAt: r.createdAt.toISOString(),
});

/** The timing fields of a save: the day fields only where the frequency reads them. */
const timingOf = (body: ReportScheduleSave) => ({
  frequency: body.frequency,
  hour: body.hour,
  weekday: body.frequency === 'weekly' ? (body.weekday ?? null) : null,
  monthDay: body.frequency === 'monthly' ? (body.monthDay ?? null) : null,
  timeZone: body.timeZone,
});

/**
 * Scheduled reports: the console's rules (who may add, edit, pause, delete and send, within their
 * data scope) and when each schedule goes out next. Sending is the jobs' part (`report-jobs.ts`).
 */
export const createReportsService = (deps: {
  repo: ReportsRepository;
  clock: Clock;
  /** Queues a report covering the period that ends now; answers the job's id. */
  enqueueSend: (scheduleId: string, periodEnd: Date, userId: string) => Promise<string>;
}) => {
  const { repo, clock } = deps;
  const mustFind = async (auth: AuthContext, id: string) => {
    const row = await repo.findVisible(auth, id);
    if (!row) throw new AppError('reportNotFound');
    return row;
  };
  return {
    async page(auth: AuthContext, q: PageQuery & { name?: string }) {
      const { rows, total } = await repo.page(auth, q, pageOffset(q), q.size);
      return toPage(
        rows.map((r) => toScheduleRow(r.schedule, r.ownerName)),
        total,
        q,
      );
    },

    /** Creates or edits a schedule; its next occurrence follows the new timing unless it is paused. */
    async save(auth: AuthContext, note: OperationNote, body: ReportScheduleSave) {
      requireAddOrEdit(auth, 'data:report', body.id);
      const timing = timingOf(body);
      const values = {
        name: body.name,
        email: body.email,
        language: body.language,
        sections: [...body.sections],
        ...timing,
      };
      if (body.id) {
        const row = await mustFind(auth, body.id);
        const nextRunAt = row.paused ? null : nextRunOf(timing, clock.now());
        await repo.update(row.id, { ...values, nextRunAt }, clock.now());
        note.subject({ id: row.id, name: body.name });
        return { id: row.id };
      }
      if ((await repo.countOwned(auth.userId)) >= REPORT_SCHEDULES_MAX)
        throw new AppError('reportLimitReached');
      const made = await repo.insert({
        ...values,
        paused: false,
        nextRunAt: nextRunOf(timing, clock.now()),
        ownerId: auth.userId,
        createdBy: auth.userId,
      });
      note.subject({ id: made.id, name: body.name });
      return { id: made.id };
    },

    /** Pausing clears the next occurrence; resuming sets the first one after now (missed ones are not sent). */
    async pause(auth: AuthContext, note: OperationNote, id: string, paused: boolean) {
      const row = await mustFind(auth, id);
      const nextRunAt = paused ? null : nextRunOf(row, clock.now());
      await repo.update(row.id, { paused, nextRunAt }, clock.now());
      note.subject({ id: row.id, name: row.name, detail: paused ? 'paused' : 'resumed' });
      return null;
    },

    async remove(auth: AuthContext, note: OperationNote, id: string) {
      const row = await mustFind(auth, id);
      await repo.remove(row.id);
      note.subject({ id: row.id, name: row.name });
      return null;
    },

    /** Sends the report at once (paused or not), covering the frequency's length up to now. */
    async sendNow(auth: AuthContext, id: string) {
      const row = await mustFind(auth, id);
      return { jobId: await deps.enqueueSend(row.id, clock.now(), auth.userId) };
    },
  };
};

export type ReportsService = ReturnType<typeof createReportsService>;
