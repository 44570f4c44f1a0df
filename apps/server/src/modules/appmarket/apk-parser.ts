import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { APP_LIMITS } from '@cpm/contracts';
import { readZipDirectory, type ZipDirectory, ZipRefused } from '../../shared/zip-directory';
import { type ApkSigner, readApkSigner, SignatureRefused } from './apk-signature';

/** What the market keeps of an APK. */
export type ApkInfo = {
  packageName: string;
  versionCode: number;
  versionName: string;
  minSdk: number | null;
  targetSdk: number | null;
  permissions: string[];
  /** The label in the default configuration (`@string/app_name` resolved). */
  label: string;
  /** The launcher icon's bytes (PNG, JPEG or WebP), or null. */
  icon: Buffer | null;
  signer: ApkSigner;
};

/** Why an APK was refused; the service turns each into its catalogue error. */
export type ApkProblem = 'notApk' | 'unsafePath' | 'bomb' | 'unsigned' | 'badSignature';

export class ApkRefused extends Error {
  constructor(readonly problem: ApkProblem) {
    super(`apk refused: ${problem}`);
  }
}

type ManifestInfo = {
  package?: unknown;
  versionCode?: unknown;
  versionName?: unknown;
  usesSdk?: { minSdkVersion?: unknown; targetSdkVersion?: unknown };
  usesPermissions?: { name?: unknown }[];
  application?: { label?: unknown };
  icon?: unknown;
};

type ApkParserClass = new (file: string) => { parse(): Promise<ManifestInfo> };

// app-info-parser is CommonJS without types; its APK parser reads the manifest, resources.arsc and
// the icon through yauzl, which refuses entries whose inflated size differs from the declared one.
const ApkParser = createRequire(import.meta.url)('app-info-parser/src/apk.js') as ApkParserClass;

const int = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
  return Number.isInteger(n) ? n : null;
};

const str = (v: unknown): string => {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return str(v[0]);
  if (typeof v === 'number') return String(v);
  return '';
};

const PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;

const iconBytes = (icon: unknown): Buffer | null => {
  if (typeof icon !== 'string') return null;
  const m = /^data:image\/(png|jpeg|jpg|webp);base64,(.+)$/s.exec(icon);
  if (!m) return null;
  const bytes = Buffer.from(m[2], 'base64');
  return bytes.length > 0 && bytes.length <= APP_LIMITS.maxIconBytes ? bytes : null;
};

/** The directory's entries the parser reads into memory must be of a sane size. */
const checkEntries = (dir: ZipDirectory) => {
  const manifest = dir.entries.find((e) => e.name === 'AndroidManifest.xml');
  if (!manifest) throw new ApkRefused('notApk');
  if (manifest.uncompressedSize > APP_LIMITS.maxManifestBytes) throw new ApkRefused('bomb');
  const resources = dir.entries.find((e) => e.name === 'resources.arsc');
  if (resources && resources.uncompressedSize > APP_LIMITS.maxResourcesBytes) throw new ApkRefused('bomb');
  // The icon the parser picks is one of the resources; none may be large enough to hurt when read.
  if (dir.entries.some((e) => e.name.startsWith('res/') && e.uncompressedSize > APP_LIMITS.maxResourcesBytes))
    throw new ApkRefused('bomb');
};

/**
 * Reads an APK from disk: its ZIP directory (refusing `../` and absolute names and zip bombs), its
 * signer (v1/v2/v3/v3.1; unsigned or tampered is refused), then the manifest, label and icon with
 * app-info-parser. Only the manifest, resources.arsc, the icon and the signature block are held in
 * memory, never the whole file.
 */
export const parseApk = async (file: string): Promise<ApkInfo> => {
  const fh = await open(file, 'r');
  let dir: ZipDirectory;
  let signer: ApkSigner;
  try {
    try {
      dir = await readZipDirectory(fh, {
        maxEntries: APP_LIMITS.maxZipEntries,
        maxUncompressedBytes: APP_LIMITS.maxUncompressedBytes,
        maxRatio: APP_LIMITS.maxRatio,
        maxDirectoryBytes: 64 * 1024 * 1024,
      });
    } catch (err) {
      if (err instanceof ZipRefused)
        throw new ApkRefused(
          err.problem === 'unreadable' ? 'notApk' : err.problem === 'bomb' ? 'bomb' : 'unsafePath',
        );
      throw err;
    }
    checkEntries(dir);
    try {
      signer = await readApkSigner(fh, dir);
    } catch (err) {
      if (err instanceof SignatureRefused)
        throw new ApkRefused(err.problem === 'unsigned' ? 'unsigned' : 'badSignature');
      if (err instanceof ZipRefused) throw new ApkRefused('notApk');
      throw err;
    }
  } finally {
    await fh.close();
  }

  let info: ManifestInfo;
  try {
    info = await new ApkParser(file).parse();
  } catch {
    throw new ApkRefused('notApk');
  }
  const packageName = str(info.package);
  const versionCode = int(info.versionCode);
  if (!PACKAGE.test(packageName) || versionCode === null || versionCode < 1) throw new ApkRefused('notApk');
  const permissions = [
    ...new Set(
      (info.usesPermissions ?? []).map((p) => str(p?.name)).filter((p) => p.length > 0 && p.length <= 256),
    ),
  ];
  return {
    packageName,
    versionCode,
    versionName: str(info.versionName).slice(0, 64) || String(versionCode),
    minSdk: int(info.usesSdk?.minSdkVersion) ?? 1,
    targetSdk: int(info.usesSdk?.targetSdkVersion) ?? int(info.usesSdk?.minSdkVersion),
    permissions,
    label: str(info.application?.label).slice(0, 128),
    icon: iconBytes(info.icon),
    signer,
  };
};
