import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const FEATURES = path.join(SRC, 'features');

/** The folders under `src/` a feature may import from; `app/`, `router/` and `layout/` sit above it. */
const ALLOWED_TOP = new Set(['shared', 'api', 'i18n']);

/** Every relative module a file names: static and dynamic imports, re-exports and side-effect imports. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

/**
 * Where a feature's file reaches outside its own folder and `shared/`, `api/`, `i18n/`: each as
 * `file -> import`. Tests may import anything and are not scanned.
 */
const wrongWayImports = (file: string, source: string): string[] => {
  const [, feature] = path.relative(SRC, file).split(path.sep);
  const found: string[] = [];
  for (const [, spec] of source.matchAll(IMPORT)) {
    const [top, second] = path.relative(SRC, path.resolve(path.dirname(file), spec)).split(path.sep);
    const ownFeature = top === 'features' && second === feature;
    if (!ownFeature && !ALLOWED_TOP.has(top)) found.push(`${path.relative(SRC, file)} -> ${spec}`);
  }
  return found;
};

describe('feature imports', () => {
  it('reach only their own feature, shared/, api/ and i18n/', () => {
    const found = sourceFiles(FEATURES).flatMap((file) => wrongWayImports(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('are caught when a feature imports the frame, the router or another feature', () => {
    const file = path.join(FEATURES, 'devices', 'pages', 'SomePage.tsx');
    const source = [
      "import { HeaderBar } from '../../../layout/header/HeaderBar';",
      "const Tab = lazy(() => import('../../tasks/components/TerminalPlanTab'));",
      "import { navigateTo } from '../../../router/navigation';",
      "import { Auth } from '../../../shared/auth/Auth';",
      "import { TerminalStatus } from '../components/TerminalStatus';",
      "import '../devices.css';",
    ].join('\n');
    expect(wrongWayImports(file, source)).toEqual([
      'features/devices/pages/SomePage.tsx -> ../../../layout/header/HeaderBar',
      'features/devices/pages/SomePage.tsx -> ../../tasks/components/TerminalPlanTab',
      'features/devices/pages/SomePage.tsx -> ../../../router/navigation',
    ]);
  });
});
