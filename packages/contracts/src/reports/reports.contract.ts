import { z } from 'zod';
import { defineEndpoint, SIGNED_IN } from '../endpoint';
import { bilingual } from '../issue-text';
import { LIMITS } from '../limits';
import { PageQuerySchema, pageSchema } from '../pagination';

const base = '/device/v1/dataCenter/reports';

/** How often a report goes out. */
export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** The parts a report may hold, in the order the mail and the workbook show them. */
export const REPORT_SECTIONS = ['fleet', 'offline', 'alerts', 'tasks', 'compliance'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

/** The languages a report is written in. */
export const REPORT_LANGUAGES = ['en', 'zh'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

/** Schedules one account may keep. */
export const REPORT_SCHEDULES_MAX = 20;

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** An IANA time zone this runtime knows. */
export const ReportTimeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(isTimeZone, bilingual('未知的时区', 'Unknown time zone'));

/** A schedule as the console creates or edits it. */
export const ReportScheduleSaveSchema = z
  .strictObject({
    /** Absent: a new schedule. */
    id: z.uuid().optional(),
    name: z.string().trim().min(1).max(LIMITS.nameMax),
    /** Where the report is mailed. */
    email: z.email().max(LIMITS.nameMax * 2),
    frequency: z.enum(REPORT_FREQUENCIES),
    /** Hour of the day in `timeZone`, 0 to 23. */
    hour: z.number().int().min(0).max(23),
    /** Weekly: the day, 0 Sunday to 6 Saturday. */
    weekday: z.number().int().min(0).max(6).nullish(),
    /** Monthly: the day of the month, 1 to 28 (every month has it). */
    monthDay: z.number().int().min(1).max(28).nullish(),
    timeZone: ReportTimeZoneSchema,
    language: z.enum(REPORT_LANGUAGES),
    sections: z
      .array(z.enum(REPORT_SECTIONS))
      .min(1)
      .max(REPORT_SECTIONS.length)
      .refine(
        (s) => new Set(s).size === s.length,
        bilingual('报表内容不能重复', 'A section is chosen twice'),
      ),
  })
  .refine((s) => s.frequency !== 'weekly' || (s.weekday ?? null) !== null, {
    ...bilingual('每周报表须选择星期几', 'A weekly report needs its day of the week'),
    path: ['weekday'],
  })
  .refine((s) => s.frequency !== 'monthly' || (s.monthDay ?? null) !== null, {
    ...bilingual('每月报表须选择日期', 'A monthly report needs its day of the month'),
    path: ['monthDay'],
  });
export type ReportScheduleSave = z.infer<typeof ReportScheduleSaveSchema>;

/** One schedule of the list. */
export const ReportScheduleRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  frequency: z.enum(REPORT_FREQUENCIES),
  hour: z.number(),
  weekday: z.number().nullable(),
  monthDay: z.number().nullable(),
  timeZone: z.string(),
  language: z.enum(REPORT_LANGUAGES),
  sections: z.array(z.enum(REPORT_SECTIONS)),
  paused: z.boolean(),
  /** When it goes out next (null while paused). */
  nextRunAt: z.string().nullable(),
  /** When the last report was handed to the mail (null: never). */
  lastSentAt: z.string().nullable(),
  ownerId: z.string(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
});
export type ReportScheduleRow = z.infer<typeof ReportScheduleRowSchema>;

const IdBody = z.strictObject({ id: z.uuid() });

export const reportsEndpoints = {
  page: defineEndpoint({
    method: 'GET',
    path: `${base}/getPage`,
    summary: "Scheduled reports of the caller's accounts, paged",
    tag: 'device',
    permission: 'data:report:view',
    query: PageQuerySchema.extend({ name: z.string().trim().max(LIMITS.nameMax).optional() }),
    result: pageSchema(ReportScheduleRowSchema),
  }),
  save: defineEndpoint({
    method: 'POST',
    path: `${base}/addOrUpdate`,
    summary: 'Create (data:report:add) or edit (data:report:edit) a scheduled report',
    tag: 'device',
    permission: SIGNED_IN,
    body: ReportScheduleSaveSchema,
    result: z.object({ id: z.string() }),
    oplog: {
      objectType: 'reportSchedule',
      action: { of: ({ body }) => (body.id ? 'report.update' : 'report.create') },
    },
  }),
  pause: defineEndpoint({
    method: 'POST',
    path: `${base}/pause`,
    summary: 'Pause or resume a scheduled report',
    tag: 'device',
    permission: 'data:report:edit',
    body: z.strictObject({ id: z.uuid(), paused: z.boolean() }),
    result: z.null(),
    oplog: { objectType: 'reportSchedule', action: 'report.update' },
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: `${base}/delete`,
    summary: 'Delete a scheduled report',
    tag: 'device',
    permission: 'data:report:delete',
    body: IdBody,
    result: z.null(),
    oplog: { objectType: 'reportSchedule', action: 'report.delete' },
  }),
  sendNow: defineEndpoint({
    method: 'POST',
    path: `${base}/sendNow`,
    summary: 'Send a report at once, covering the period that ends now (a job)',
    tag: 'device',
    permission: 'data:report:send',
    body: IdBody,
    result: z.object({ jobId: z.string() }),
  }),
};
