/** What a local header and its central directory entry both say about one ZIP entry. */
export type ZipEntryFields = {
  /** Version needed to extract: 10 for stored, 20 for deflated entries. */
  version: number;
  /** 0 stored, 8 deflated. */
  method: number;
  /** MS-DOS time and date of the entry (0 when it does not matter). */
  time?: number;
  date?: number;
  crc: number;
  compressedSize: number;
  size: number;
};

// The local header repeats, from its byte 4, the 26 bytes the central entry holds from its byte 6,
// so both are written from one layout.
const sharedFields = (f: ZipEntryFields, nameLength: number) => {
  const b = Buffer.alloc(26);
  b.writeUInt16LE(f.version, 0);
  b.writeUInt16LE(f.method, 4);
  b.writeUInt16LE(f.time ?? 0, 6);
  b.writeUInt16LE(f.date ?? 0, 8);
  b.writeUInt32LE(f.crc, 10);
  b.writeUInt32LE(f.compressedSize, 14);
  b.writeUInt32LE(f.size, 18);
  b.writeUInt16LE(nameLength, 22);
  return b;
};

/** The 30-byte local header of an entry whose name is `nameLength` bytes long. */
export const zipLocalHeader = (f: ZipEntryFields, nameLength: number) => {
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  sharedFields(f, nameLength).copy(local, 4);
  return local;
};

/** The 46-byte central directory entry of an entry whose local header starts at `offset`. */
export const zipCentralHeader = (
  f: ZipEntryFields & { madeBy: number; externalAttributes?: number },
  nameLength: number,
  offset: number,
) => {
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(f.madeBy, 4);
  sharedFields(f, nameLength).copy(central, 6);
  central.writeUInt32LE(f.externalAttributes ?? 0, 38);
  central.writeUInt32LE(offset, 42);
  return central;
};

/** The end-of-central-directory record closing an archive of `count` entries. */
export const zipEndRecord = (count: number, directorySize: number, directoryOffset: number) => {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryOffset, 16);
  return end;
};
