// Reads the first sheet of an .xlsx in a worker thread, so a slow or hostile workbook costs this
// thread (bounded by its memory limit and the caller's deadline) and never the event loop that
// serves every user. Plain JavaScript: a worker starts without the TypeScript loader of tests.
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

/** @type {{ bytes: Uint8Array, columns: number, maxRows: number }} */
const { bytes, columns, maxRows } = workerData;

const TOO_MANY = Symbol('tooManyRows');

const read = async () => {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes);
  } catch {
    return { error: 'unreadable' };
  }
  const sheet = book.worksheets[0];
  if (!sheet) return { error: 'unreadable' };
  /** @type {{ row: number, values: string[] }[]} */
  const rows = [];
  try {
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      if (rowNumber === 1) return;
      const values = [];
      for (let i = 1; i <= columns; i++) {
        const cell = row.getCell(i);
        const v = cell.value;
        values.push(
          v === null || v === undefined
            ? ''
            : v instanceof Date
              ? v.toISOString().slice(0, 10)
              : cell.text.trim(),
        );
      }
      if (values.some((v) => v !== '')) {
        rows.push({ row: rowNumber, values });
        // Stop at the first row past the cap rather than reading the rest.
        if (rows.length > maxRows) throw TOO_MANY;
      }
    });
  } catch (err) {
    if (err === TOO_MANY) return { error: 'tooManyRows' };
    return { error: 'unreadable' };
  }
  return { rows };
};

/** Rows sent back per message: each is a JSON string, parsed by the main thread in its own turn. */
const CHUNK_ROWS = 500;

// Rows go back a chunk at a time, each only once the main thread asks for more, so turning them
// into objects there never takes one long turn of the event loop (ten thousand rows in one
// structured clone took hundreds of milliseconds of it).
const answer = await read();
if ('error' in answer) parentPort?.postMessage(answer);
else {
  for (let i = 0; i < answer.rows.length; i += CHUNK_ROWS) {
    const more = new Promise((resolve) => parentPort?.once('message', resolve));
    parentPort?.postMessage({ chunk: JSON.stringify(answer.rows.slice(i, i + CHUNK_ROWS)) });
    await more;
  }
  parentPort?.postMessage({ done: true });
}
