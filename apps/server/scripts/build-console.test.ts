import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildConsoleIfChanged, CONSOLE_DIST } from './build-console';

describe('buildConsoleIfChanged', () => {
  let root: string;
  let builds: number;
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  // Stands in for vite: writes the console as the real build would.
  const build = () => {
    builds++;
    write(`${CONSOLE_DIST}/index.html`, '<html></html>');
    return true;
  };
  const run = () => buildConsoleIfChanged({ root, build });

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'console-build-'));
    builds = 0;
    write('apps/web/src/main.tsx', 'render()');
    write('apps/web/index.html', '<div id="root"></div>');
    write('packages/contracts/src/index.ts', 'export {}');
    write('package-lock.json', '{}');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds on a fresh checkout, then not again while nothing changed', () => {
    expect(run()).toBe(true);
    expect(run()).toBe(false);
    expect(builds).toBe(1);
  });

  it('builds again when a source, the contracts, the lock file or a new file changes', () => {
    run();
    for (const [rel, text] of [
      ['apps/web/src/main.tsx', 'render(2)'],
      ['packages/contracts/src/index.ts', 'export const x = 1'],
      ['package-lock.json', '{"v":2}'],
      ['apps/web/src/pages/New.tsx', 'new'],
    ]) {
      write(rel, text);
      expect(run()).toBe(true);
      expect(run()).toBe(false);
    }
    expect(builds).toBe(5);
  });

  it('builds again when the built console was removed', () => {
    run();
    rmSync(path.join(root, CONSOLE_DIST), { recursive: true });
    expect(run()).toBe(true);
    expect(builds).toBe(2);
  });

  it('writes no stamp when the build fails, so the next start tries again', () => {
    expect(() => buildConsoleIfChanged({ root, build: () => false })).toThrow();
    expect(run()).toBe(true);
  });

  it('ignores files outside the inputs', () => {
    run();
    write('apps/server/src/main.ts', 'changed');
    write('apps/web/node_modules/x.js', 'changed');
    expect(run()).toBe(false);
  });
});
