// Hostile workbooks for tests and benchmarks: small files whose shared strings unpack to tens of
// megabytes, declared honestly or understated in the ZIP directory.
import { buildTemplate } from '../modules/devices/excel';
import { bufferSource, readZipDirectory, readZipEntry } from '../shared/zip-directory';
import { makeZip } from './zip-builder';

/** Two columns, as a terminal import's first two. */
export const IMPORT_COLUMNS = [
  { key: 'sn', zh: '序列号', en: 'SN' },
  { key: 'name', zh: '名称', en: 'Name' },
];

/** The parts of a workbook the product itself writes, by name. */
const partsOf = async (xlsx: Buffer) => {
  const src = bufferSource(xlsx);
  const dir = await readZipDirectory(src, {
    maxEntries: 100,
    maxUncompressedBytes: 1e9,
    maxRatio: 1e9,
    maxDirectoryBytes: 1e6,
  });
  const parts = new Map<string, Buffer>();
  for (const e of dir.entries) parts.set(e.name, await readZipEntry(src, dir, e));
  return parts;
};

/** A deflated ZIP of the parts; `declare` may state an unpacked size other than the real one. */
const deflatedZip = (
  parts: Map<string, Buffer>,
  declare: (name: string, size: number) => number = (_, s) => s,
) =>
  makeZip(
    [...parts].map(([name, data]) => ({ name, data, deflate: true, declared: declare(name, data.length) })),
  );

/**
 * Shared strings XML of `count` one-cell strings, about 25 bytes each unpacked: distinct ones, or
 * the same one repeated, which packs a thousandfold (the shape of the 625 KB file that declared
 * 15 million).
 */
const sharedStrings = (count: number, distinct: boolean) => {
  const parts: string[] = [];
  if (distinct) for (let i = 0; i < count; i++) parts.push(`<si><t>${i}</t></si>`);
  const items = distinct ? parts.join('') : '<si><t>a</t></si>'.repeat(count);
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${count}">${items}</sst>`,
  );
};

/** A workbook written by the product, its shared strings swapped for `count` of them. */
export const bombOf = async (
  count: number,
  opts: { distinct?: boolean; declare?: (name: string, size: number) => number } = {},
) => {
  const parts = await partsOf(await buildTemplate('Terminals', IMPORT_COLUMNS, ['SN1', 'one']));
  parts.set('xl/sharedStrings.xml', sharedStrings(count, opts.distinct ?? false));
  return deflatedZip(parts, opts.declare);
};
