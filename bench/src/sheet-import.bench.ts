// Event-loop delay while twelve 10,000-row spreadsheets are read at once through the shared sheet
// reader (declared-size check, worker-thread parse, rows back to the main thread), against the same
// timer with nothing running. Prints the p50/p99/max delay of each; a healthy server stays in the
// tens of milliseconds under the load. `npm run bench:sheets -w @cpm/bench`
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { readSheetRows } from '../../apps/server/src/shared/sheet-reader';

const IMPORTS = Number(process.env.BENCH_IMPORTS ?? 12);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);

const book = new ExcelJS.Workbook();
const sheet = book.addWorksheet('terminals');
sheet.addRow(['SN', 'Name', 'Model', 'Group', 'Store', 'MAC', 'Password']);
for (let i = 0; i < ROWS; i++)
  sheet.addRow([
    `SN${String(i).padStart(8, '0')}`,
    `Till ${i}`,
    'P2',
    'S001',
    'Main street',
    '00:11:22:33:44:55',
    '1234',
  ]);
const bytes = Buffer.from(await book.xlsx.writeBuffer());

const measure = async (label: string, run: () => Promise<unknown>) => {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const started = Date.now();
  await run();
  h.disable();
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  console.log(
    `${label.padEnd(28)} p50 ${ms(h.percentile(50))} ms  p99 ${ms(h.percentile(99))} ms  max ${ms(h.max)} ms  (${Date.now() - started} ms)`,
  );
};

await measure('idle (1 s)', () => new Promise((r) => setTimeout(r, 1000)));
await measure(`${IMPORTS} imports of ${ROWS} rows`, async () => {
  const results = await Promise.allSettled(Array.from({ length: IMPORTS }, () => readSheetRows(bytes, 7)));
  const refused = results.filter((r) => r.status === 'rejected').length;
  console.log(`  read ${results.length - refused}, refused ${refused} (busy)`);
});
