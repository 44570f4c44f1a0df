import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folder of the committed test APKs (made by scripts/make-test-apks.sh). */
export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** The bytes of a committed test APK. */
export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

/** The signer digests apksigner printed for the committed APKs. */
export const fixtureSigners = (): Record<string, string> =>
  Object.fromEntries(
    readFileSync(path.join(FIXTURES, 'signers.txt'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(' ') as [string, string]),
  );
