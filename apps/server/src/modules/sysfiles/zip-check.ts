import { open } from 'node:fs/promises';
import { SYS_FILE_ZIP_LIMITS } from '@cpm/contracts';
import { AppError } from '../../shared/app-error';
import { readZipDirectory, verifyZipEntries, ZipRefused } from '../../shared/zip-directory';

/** Largest central directory read (it is small even for a 1 GB OTA image). */
const MAX_DIRECTORY = 64 * 1024 * 1024;

type Limits = { maxEntries: number; maxUncompressedBytes: number; maxRatio: number };

/** What the archive holds, as checked. */
export type ZipSummary = { entries: number; uncompressedBytes: number };

const REFUSALS = {
  unreadable: 'sysFileBadZip',
  bomb: 'sysFileZipBomb',
  unsafePath: 'sysFileZipUnsafePath',
  mismatch: 'sysFileZipMismatch',
} as const;

/**
 * Refuses a system-file ZIP (or APK) that is unreadable, names an entry outside its folder (`../`,
 * absolute, a drive letter), is a zip bomb by its directory, has local headers that disagree with
 * its directory, or whose entries really inflate past what they declare or past the limit.
 */
export const checkZip = async (file: string, limits: Limits = SYS_FILE_ZIP_LIMITS): Promise<ZipSummary> => {
  const fh = await open(file, 'r');
  try {
    const dir = await readZipDirectory(fh, { ...limits, maxDirectoryBytes: MAX_DIRECTORY });
    const uncompressedBytes = await verifyZipEntries(fh, dir, limits);
    return { entries: dir.entries.length, uncompressedBytes };
  } catch (err) {
    if (err instanceof ZipRefused) throw new AppError(REFUSALS[err.problem]);
    throw err;
  } finally {
    await fh.close();
  }
};
