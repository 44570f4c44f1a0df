import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from './app-error';
import { bufferSource, readZipDirectory, ZipRefused } from './zip-directory';

/** What one workbook may hold before any of it is parsed, and what parsing it may cost. */
export type SheetLimits = {
  /** Most data rows (the header row not counted). */
  maxRows: number;
  /** Largest declared unpacked size of the whole workbook. */
  maxUnpackedBytes: number;
  /** Largest declared unpacked size of any one part (the shared strings, a sheet). */
  maxPartBytes: number;
  /** Most parts in the archive. */
  maxEntries: number;
  /** Heap the parsing worker may use, in MiB; a workbook that needs more is refused. */
  workerHeapMb: number;
  /** Longest a parse may take before the worker is stopped and the workbook refused. */
  deadlineMs: number;
  /** Workbooks parsed at once; the rest wait their turn. */
  concurrency: number;
  /** Workbooks that may wait; one more is told to try again shortly. */
  queue: number;
};

/**
 * Limits for imports. A 10,000-row sheet of ten columns unpacks to a few MiB; a shared-strings
 * part of 16 MiB or a workbook of 64 MiB is already far beyond any honest import, while a
 * 625 KB file declaring 15 million shared strings (255 MB unpacked) is refused before parsing.
 */
export const SHEET_LIMITS: SheetLimits = {
  maxRows: 10_000,
  maxUnpackedBytes: 64 * 1024 * 1024,
  maxPartBytes: 16 * 1024 * 1024,
  maxEntries: 500,
  workerHeapMb: 256,
  deadlineMs: 30_000,
  concurrency: Math.max(1, Math.min(4, availableParallelism() - 1)),
  queue: 8,
};

/** One data row: its number in the sheet (the header is row 1) and its cells' texts by position. */
export type SheetRow = { row: number; values: string[] };

type WorkerAnswer = { rows: SheetRow[] } | { error: 'unreadable' | 'tooManyRows' };
/** What the worker posts: a chunk of rows as JSON (answered with a request for more), the end, or why not. */
type WorkerMessage = { chunk: string } | { done: true } | { error: 'unreadable' | 'tooManyRows' };

const workerUrl = new URL('./sheet-reader.worker.mjs', import.meta.url);

/** A counting gate: at most `concurrency` parses run, at most `queue` wait. */
const createGate = () => {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    enter: async (limits: SheetLimits) => {
      if (running < limits.concurrency) {
        running++;
        return;
      }
      if (waiting.length >= limits.queue) throw new AppError('importBusy', { retryAfterSeconds: 5 });
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    leave: () => {
      const next = waiting.shift();
      if (next) next();
      else running--;
    },
  };
};

const gate = createGate();

/** Refuses a workbook whose directory declares more than an import can be. */
const checkDeclaredSizes = async (bytes: Buffer, limits: SheetLimits) => {
  try {
    const dir = await readZipDirectory(bufferSource(bytes), {
      maxEntries: limits.maxEntries,
      maxUncompressedBytes: limits.maxUnpackedBytes,
      // The sizes bound the work; a high ratio alone is normal for a sheet of repeated values.
      maxRatio: Number.MAX_SAFE_INTEGER,
      maxDirectoryBytes: 1024 * 1024,
    });
    if (dir.entries.some((e) => e.uncompressedSize > limits.maxPartBytes))
      throw new AppError('excelTooLarge');
  } catch (err) {
    if (err instanceof ZipRefused)
      throw new AppError(err.problem === 'bomb' ? 'excelTooLarge' : 'excelUnreadable');
    throw err;
  }
};

/** Parses in a worker with a heap limit and a deadline; the worker is gone when this settles. */
const parseInWorker = (bytes: Buffer, columns: number, limits: SheetLimits) =>
  new Promise<WorkerAnswer>((resolve, reject) => {
    const worker = new Worker(workerUrl, {
      workerData: { bytes, columns, maxRows: limits.maxRows },
      resourceLimits: { maxOldGenerationSizeMb: limits.workerHeapMb, maxYoungGenerationSizeMb: 16 },
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(new AppError('excelTooLarge'))), limits.deadlineMs);
    const rows: SheetRow[] = [];
    worker.on('message', (message: WorkerMessage) => {
      if ('error' in message) finish(() => resolve(message));
      else if ('done' in message) finish(() => resolve({ rows }));
      else {
        for (const row of JSON.parse(message.chunk) as SheetRow[]) rows.push(row);
        worker.postMessage('more');
      }
    });
    worker.once('error', (err: NodeJS.ErrnoException) =>
      finish(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new AppError('excelTooLarge')
            : new AppError('excelUnreadable'),
        ),
      ),
    );
    worker.once('exit', () => finish(() => reject(new AppError('excelUnreadable'))));
  });

/**
 * The data rows of an uploaded workbook's first sheet, `columns` cells each. The archive's declared
 * sizes are checked before any parsing; parsing runs in a worker thread with a heap limit and a
 * deadline, a few at a time, so one tenant's hostile spreadsheet never stalls anyone else.
 */
export const readSheetRows = async (bytes: Buffer, columns: number, limits: SheetLimits = SHEET_LIMITS) => {
  await checkDeclaredSizes(bytes, limits);
  await gate.enter(limits);
  try {
    const answer = await parseInWorker(bytes, columns, limits);
    if ('error' in answer)
      throw new AppError(answer.error === 'tooManyRows' ? 'excelTooManyRows' : 'excelUnreadable');
    return answer.rows;
  } finally {
    gate.leave();
  }
};
