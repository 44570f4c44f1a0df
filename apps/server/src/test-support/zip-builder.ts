import { crc32, deflateRawSync } from 'node:zlib';
import { zipCentralHeader, zipEndRecord, zipLocalHeader } from '../shared/zip-records';

/** One entry of a test archive; the optional fields make archives no tool would write. */
export type ZipEntrySpec = {
  name: string;
  data: Buffer;
  /** Deflated when true, stored otherwise. */
  deflate?: boolean;
  /** What the headers say the entry expands to: a bomb by its directory, or an understated size. */
  declared?: number;
  /** A local header name other than the central directory's. */
  localName?: string;
};

/** A ZIP archive of the given entries, for archives no tool would make: `../` names, bombs, lies. */
export const makeZip = (entries: ZipEntrySpec[]): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const localName = Buffer.from(e.localName ?? e.name, 'utf8');
    const body = e.deflate ? deflateRawSync(e.data) : e.data;
    const fields = {
      version: 20,
      method: e.deflate ? 8 : 0,
      crc: crc32(e.data),
      compressedSize: body.length,
      size: e.declared ?? e.data.length,
    };
    const local = zipLocalHeader(fields, localName.length);
    locals.push(local, localName, body);
    centrals.push(zipCentralHeader({ ...fields, madeBy: 20 }, name.length, offset), name);
    offset += local.length + localName.length + body.length;
  }
  const dir = Buffer.concat(centrals);
  return Buffer.concat([...locals, dir, zipEndRecord(entries.length, dir.length, offset)]);
};
