// Builds the console only when its sources changed since the last build: `npm start` runs this
// first, so a restart with unchanged sources starts at once. A fresh checkout (no dist yet) builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the console's build reads, relative to the repository root: any change here means a rebuild. */
export const CONSOLE_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
];

/** The built console, and the stamp beside it holding the hash of the inputs it was built from. */
export const CONSOLE_DIST = 'apps/web/dist';
export const CONSOLE_STAMP = 'apps/web/.dist-stamp';

const filesUnder = (root: string, rel: string): string[] => {
  const full = path.join(root, rel);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [rel];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, path.posix.join(rel, name)));
};

/** SHA-256 over the path and contents of every input file, in a fixed order. */
export const hashConsoleInputs = (root: string, inputs: readonly string[] = CONSOLE_INPUTS) => {
  const hash = createHash('sha256');
  for (const rel of inputs.flatMap((input) => filesUnder(root, input))) {
    hash.update(`${rel}\0`);
    hash.update(readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  return hash.digest('hex');
};

/**
 * Runs `build` unless the console in `dist` was built from the inputs as they are now; writes the
 * stamp after a successful build. Answers whether it built.
 */
export const buildConsoleIfChanged = (opts: {
  root: string;
  build: () => boolean;
  inputs?: readonly string[];
}): boolean => {
  const stamp = path.join(opts.root, CONSOLE_STAMP);
  const hash = hashConsoleInputs(opts.root, opts.inputs);
  const built =
    existsSync(path.join(opts.root, CONSOLE_DIST, 'index.html')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === hash;
  if (built) return false;
  if (!opts.build()) throw new Error('the console build failed');
  writeFileSync(stamp, `${hash}\n`);
  return true;
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(import.meta.dirname, '../../..');
  const built = buildConsoleIfChanged({
    root,
    build: () =>
      spawnSync('npm', ['run', 'build', '-w', '@cpm/web'], { cwd: root, stdio: 'inherit' }).status === 0,
  });
  if (!built) console.log('console unchanged since its last build; not rebuilding');
}
