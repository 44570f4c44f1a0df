import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppInstallError, createAppStore } from './apps';

const dirs: string[] = [];
const scratch = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'cpm-apps-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A real .tar.gz app package holding a version file and, when given, a health check script. */
const pack = (dir: string, version: string, health?: string) => {
  const src = path.join(dir, `src-${version}`);
  mkdirSync(src, { recursive: true });
  writeFileSync(path.join(src, 'VERSION'), version);
  if (health) {
    writeFileSync(path.join(src, 'healthcheck'), `#!/bin/sh\n${health}\n`);
    chmodSync(path.join(src, 'healthcheck'), 0o755);
  }
  const file = path.join(dir, `till-${version}.tar.gz`);
  execFileSync('tar', ['-czf', file, '-C', src, '.']);
  return file;
};

describe('apps in versioned folders', () => {
  it('installs, upgrades with an atomic switch, rolls back, and refuses .deb unless allowed', async () => {
    const dir = scratch();
    const store = createAppStore({ appsDir: path.join(dir, 'apps'), allowDeb: false });
    const current = () =>
      readFileSync(path.join(dir, 'apps', 'com.example.till', 'current', 'VERSION'), 'utf8');
    const app = (versionCode: number, versionName: string) => ({
      packageName: 'com.example.till',
      versionCode,
      versionName,
    });

    expect(await store.install(pack(dir, '1.0'), 'till-1.0.tar.gz', app(1, '1.0'))).toBe(
      'com.example.till 1.0 (1) running',
    );
    expect(current()).toBe('1.0');
    expect(await store.install(pack(dir, '2.0'), 'till-2.0.tar.gz', app(2, '2.0'))).toBe(
      'com.example.till 2.0 (2) running, replacing 1.0',
    );
    expect(current()).toBe('2.0');
    expect(readlinkSync(path.join(dir, 'apps', 'com.example.till', 'current'))).toBe(
      path.join('versions', '2'),
    );
    expect(store.list()).toEqual([
      { packageName: 'com.example.till', versionCode: 2, versionName: '2.0', kind: 'folder' },
    ]);

    expect(await store.rollback('com.example.till')).toBe('com.example.till rolled back to 1.0 (1)');
    expect(current()).toBe('1.0');
    expect(store.list()[0]).toMatchObject({ versionCode: 1, versionName: '1.0' });

    await expect(store.install(pack(dir, '3.0'), 'till_3.0_amd64.deb', app(3, '3.0'))).rejects.toThrow(
      /not allowed on this terminal/,
    );
    await expect(store.install(pack(dir, '3.0'), 'till.zip', app(3, '3.0'))).rejects.toThrow(AppInstallError);
    expect(current()).toBe('1.0');
  });

  it('switches back by itself when the new version fails its health check', async () => {
    const dir = scratch();
    const store = createAppStore({ appsDir: path.join(dir, 'apps'), allowDeb: false });
    const app = (versionCode: number, versionName: string) => ({
      packageName: 'till',
      versionCode,
      versionName,
    });
    await store.install(pack(dir, '1.0', 'exit 0'), 't.tar.gz', app(1, '1.0'));
    await expect(
      store.install(pack(dir, '2.0', 'echo "database locked" >&2; exit 3'), 't.tar.gz', app(2, '2.0')),
    ).rejects.toThrow('till 2.0 failed its health check (database locked); rolled back to 1.0');
    expect(readFileSync(path.join(dir, 'apps', 'till', 'current', 'VERSION'), 'utf8')).toBe('1.0');
    expect(store.list()[0]).toMatchObject({ versionCode: 1 });
  });
});
