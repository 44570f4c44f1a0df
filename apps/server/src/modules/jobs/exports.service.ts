import { timingSafeEqual } from 'node:crypto';
import {
  type DictBundle,
  EXPORT_CSV_THRESHOLD,
  EXPORT_JOB_KIND,
  EXPORT_JOB_THRESHOLD,
  EXPORT_PERMISSIONS,
  EXPORT_RETENTION_DAYS,
  type ExportFormat,
  type ExportList,
  type ExportResult,
  exportsEndpoints,
  type NoticeText,
  type StartExportBody,
  type StartExportResult,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { newToken, sha256 } from '../../shared/crypto';
import {
  DEFAULT_EXPORT_LOCALE,
  type ExportColumn,
  type ExportLocale,
  formatDateTime,
} from '../../shared/export-columns';
import { writeExport } from '../../shared/export-writer';
import type { BlobsService } from '../blobs/blobs.service';
import type { JobRow, Tx } from './jobs.repository';
import type { Bilingual, JobContext, JobsService } from './jobs.service';

/** Where a list's export rows come from: the list's own service, with the list's filter. */
export type ExportSource = {
  /** What the list is called in the notice. */
  label: Bilingual;
  /** Start of the file name, e.g. `terminals`. */
  fileBase: string;
  columns: readonly ExportColumn<never>[];
  /** The rows the caller may see under the filter: their exact count and keyset batches. */
  rows(auth: AuthContext, filter: unknown): { count(): Promise<number>; batches(): AsyncIterable<unknown[]> };
};

/**
 * What an export job carries: the list, its filter, who asked (their data scope bounds the rows) and
 * whom the file is for (their language and time zone when they asked), so a file written later, or
 * again after a crash, reads as the direct download would have.
 */
type ExportPayload = {
  list: ExportList;
  filter: unknown;
  /** Null: decided by the row count. */
  format: ExportFormat | null;
  caller: Pick<AuthContext, 'userId' | 'username' | 'dataScope'>;
  /** Absent in jobs queued by an older server: such files are written in English, in UTC. */
  locale?: ExportLocale;
};

/** The stored result: what the starter sees, plus what the download link is checked against. */
type StoredExportResult = ExportResult & { blobId: string; tokenHash: string };

type Deps = {
  jobs: JobsService;
  blobs: Pick<BlobsService, 'storeUpload' | 'signUrl' | 'find' | 'removeBlob'>;
  /** Puts a notice in a user's box (messages module). */
  notifyUser(
    n: { id: string; userId: string; title: string; content: string; notice?: NoticeText },
    tx?: Tx,
  ): Promise<{ stored: boolean; announce(): void }>;
  clock: Clock;
  sources: Record<ExportList, ExportSource>;
  /** The dictionaries, for columns that show dictionary labels. */
  dicts: () => Promise<DictBundle>;
};

const DAY_MS = 86_400_000;

/** `YYYYMMDD-HHmm` of an instant in a time zone, for file names. */
const stamp = (d: Date, timeZone: string) =>
  (formatDateTime(timeZone)(d) ?? '').slice(0, 16).replace(/[-:]/g, '').replace(' ', '-');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The format of an export: asked for, else CSV past the threshold where an XLSX gets too heavy. */
export const exportFormatFor = (rows: number, asked: ExportFormat | null): ExportFormat =>
  asked ?? (rows > EXPORT_CSV_THRESHOLD ? 'csv' : 'xlsx');

/**
 * Exports of long lists as background jobs: the rows are read from the list's service in batches,
 * written as XLSX or CSV straight into the blob store, and the starter gets a bell notice with a
 * download link that works for EXPORT_RETENTION_DAYS.
 */
export const createExportsService = (deps: Deps) => {
  const { jobs, blobs, clock, sources } = deps;

  const callerAuth = (p: ExportPayload): AuthContext => ({
    ...p.caller,
    sessionId: '',
    state: 1,
    permissions: new Set([EXPORT_PERMISSIONS[p.list]]),
  });

  const run = async (ctx: JobContext<ExportPayload>): Promise<StoredExportResult> => {
    const p = ctx.payload;
    const locale = p.locale ?? DEFAULT_EXPORT_LOCALE;
    const source = sources[p.list];
    const rows = source.rows(callerAuth(p), p.filter);
    const total = await rows.count();
    const format = exportFormatFor(total, p.format);
    await ctx.progress(0, { zh: `正在导出 ${total} 行`, en: `Exporting ${total} rows` });
    const fileName = `${source.fileBase}-${stamp(clock.now(), locale.timeZone)}.${format}`;
    let shown = 0;
    const { file, done } = writeExport({
      format,
      sheet: source.fileBase,
      columns: source.columns as readonly ExportColumn<unknown>[],
      locale,
      dicts: deps.dicts,
      batches: rows.batches(),
      onRows: async (written) => {
        if (ctx.signal.aborted) throw ctx.signal.reason;
        // 100 is reported when the file is stored; a report only when the whole percent moves.
        const percent = total ? Math.min(99, Math.floor((written * 100) / total)) : 99;
        if (percent === shown) return;
        shown = percent;
        await ctx.progress(percent, {
          zh: `已导出 ${written} / ${total} 行`,
          en: `Exported ${written} of ${total} rows`,
        });
      },
    });
    const [blob, written] = await Promise.all([
      blobs.storeUpload({
        kind: 'exportFile',
        name: fileName,
        stream: file,
        ownerId: p.caller.userId,
        createdBy: p.caller.userId,
      }),
      done,
    ]);
    const token = newToken();
    return {
      fileName,
      format,
      rows: written,
      bytes: blob.size,
      downloadUrl: `${exportsEndpoints.download.path}?${new URLSearchParams({ id: ctx.id, token })}`,
      expiresAt: new Date(clock.now().getTime() + EXPORT_RETENTION_DAYS * DAY_MS).toISOString(),
      blobId: blob.id,
      tokenHash: sha256(token),
    };
  };

  /** The bell notice, written in the transaction that marks the job done, so it is sent once. */
  const notify = async (job: JobRow, result: unknown, tx: Tx) => {
    if (!job.userId) return undefined;
    const r = result as StoredExportResult;
    const source = sources[(job.payload as ExportPayload).list];
    const link = `<a href="${escapeHtml(r.downloadUrl)}" target="_blank" rel="noopener noreferrer">${escapeHtml(r.fileName)}</a>`;
    const { stored, announce } = await deps.notifyUser(
      {
        id: job.id,
        userId: job.userId,
        title: `导出完成：${source.label.zh} / Export ready: ${source.label.en}`,
        content: [
          `<p>${r.rows} 行，${r.format.toUpperCase()} / ${r.rows} rows, ${r.format.toUpperCase()}</p>`,
          `<p>下载 / Download: ${link}</p>`,
          `<p>${EXPORT_RETENTION_DAYS} 天内有效 / Available for ${EXPORT_RETENTION_DAYS} days</p>`,
        ].join(''),
        notice: {
          key: 'exportReady',
          params: {
            list: (job.payload as ExportPayload).list,
            rows: r.rows,
            format: r.format.toUpperCase(),
            days: EXPORT_RETENTION_DAYS,
            fileName: r.fileName,
            url: r.downloadUrl,
          },
        },
      },
      tx as unknown as Tx,
    );
    return stored ? announce : undefined;
  };

  jobs.registerHandler<ExportPayload>(EXPORT_JOB_KIND, run, { finish: notify });
  jobs.registerHandler('exports.expire', async () => {
    const expired = await jobs.findFinished(
      EXPORT_JOB_KIND,
      new Date(clock.now().getTime() - EXPORT_RETENTION_DAYS * DAY_MS),
    );
    for (const job of expired) {
      const blobId = (job.result as StoredExportResult | null)?.blobId;
      if (blobId) await blobs.removeBlob(blobId);
    }
    return { expired: expired.length };
  });
  jobs.schedule({ name: 'exports.expire', cron: '41 3 * * *', kind: 'exports.expire' });

  return {
    /**
     * Starts an export: answers `direct` when the filtered list is small enough for the list's own
     * export endpoint (and XLSX is fine), else queues the job, for the caller's language and time
     * zone, and answers its id.
     */
    async start(auth: AuthContext, body: StartExportBody, locale: ExportLocale): Promise<StartExportResult> {
      if (!auth.permissions.has(EXPORT_PERMISSIONS[body.list])) throw new AppError('forbidden');
      const total = await sources[body.list].rows(auth, body.filter).count();
      if (total <= EXPORT_JOB_THRESHOLD && body.format !== 'csv') return { mode: 'direct', total };
      const payload: ExportPayload = {
        list: body.list,
        filter: body.filter,
        format: body.format ?? null,
        caller: { userId: auth.userId, username: auth.username, dataScope: auth.dataScope },
        locale,
      };
      const job = await jobs.enqueueJob({ kind: EXPORT_JOB_KIND, payload, userId: auth.userId });
      return { mode: 'job', total, jobId: job.id };
    },

    /**
     * Checks an export link (job id and token) and answers a short-lived signed link to the file.
     * Unknown, unfinished, expired or mistyped links get one answer, so ids cannot be probed.
     */
    async downloadLink(q: { id: string; token: string }) {
      const job = await jobs.findJob(q.id);
      const r =
        job?.kind === EXPORT_JOB_KIND && job.status === 'succeeded'
          ? (job.result as StoredExportResult)
          : null;
      const given = Buffer.from(sha256(q.token));
      const valid =
        r !== null &&
        given.length === r.tokenHash.length &&
        timingSafeEqual(given, Buffer.from(r.tokenHash)) &&
        new Date(r.expiresAt).getTime() > clock.now().getTime();
      if (!valid || !(await blobs.find(r.blobId))) throw new AppError('exportFileNotFound');
      return blobs.signUrl(r.blobId, 300).url;
    },
  };
};

export type ExportsService = ReturnType<typeof createExportsService>;
