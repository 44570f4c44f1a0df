import { describe, expect, it } from 'vitest';
import { bufferSource, readZipDirectory, readZipEntry } from './zip-directory';
import { zipCentralHeader, zipEndRecord, zipLocalHeader } from './zip-records';

const LIMITS = { maxEntries: 10, maxUncompressedBytes: 1e6, maxRatio: 1e3, maxDirectoryBytes: 1e4 };

describe('zip records', () => {
  it('write a stored archive the directory reader lists and reads back', async () => {
    const name = Buffer.from('a.txt');
    const data = Buffer.from('hello');
    const fields = { version: 10, method: 0, crc: 0x3610a686, compressedSize: 5, size: 5 };
    const local = zipLocalHeader(fields, name.length);
    const dir = Buffer.concat([zipCentralHeader({ ...fields, madeBy: 10 }, name.length, 0), name]);
    const offset = local.length + name.length + data.length;
    const zip = Buffer.concat([local, name, data, dir, zipEndRecord(1, dir.length, offset)]);
    const src = bufferSource(zip);
    const read = await readZipDirectory(src, LIMITS);
    expect(read.entries).toMatchObject([
      { name: 'a.txt', method: 0, compressedSize: 5, uncompressedSize: 5 },
    ]);
    expect((await readZipEntry(src, read, read.entries[0])).toString()).toBe('hello');
  });

  it('repeats the local fields in the central entry two bytes further on', () => {
    const fields = { version: 20, method: 8, time: 1, date: 2, crc: 3, compressedSize: 4, size: 5 };
    const local = zipLocalHeader(fields, 7);
    const central = zipCentralHeader({ ...fields, madeBy: 20 }, 7, 99);
    expect(central.subarray(6, 32)).toEqual(local.subarray(4, 30));
    expect(central.readUInt32LE(42)).toBe(99);
  });
});
