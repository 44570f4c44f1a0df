import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What the agent knows of an installed app. */
export type InstalledApp = {
  packageName: string;
  versionCode: number;
  versionName: string;
  kind: 'folder' | 'deb';
};

/** An app package the agent will not install, or one that failed its health check. */
export class AppInstallError extends Error {}

const PACKAGE = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,127}$/;

/**
 * Apps as packages in versioned folders: `<appsDir>/<package>/versions/<versionCode>/`, with
 * `current` a symbolic link to the running version, switched atomically (a new link renamed over the
 * old one), so the app sees either the old version or the new one, never half of one. The version it
 * replaced is kept for a rollback. A package may carry an executable `healthcheck`: when it fails
 * after the switch, the agent switches back by itself. A `.deb` goes through dpkg only when the
 * operator allowed it (it changes the whole system, not one folder).
 */
export const createAppStore = (o: { appsDir: string; allowDeb: boolean; healthTimeoutMs?: number }) => {
  mkdirSync(o.appsDir, { recursive: true });
  const dirOf = (pkg: string) => {
    if (!PACKAGE.test(pkg)) throw new AppInstallError(`not a package name: ${pkg}`);
    return path.join(o.appsDir, pkg);
  };
  const metaFile = (pkg: string) => path.join(dirOf(pkg), 'app.json');
  const read = (
    pkg: string,
  ): (InstalledApp & { previous?: number; names?: Record<string, string> }) | null =>
    existsSync(metaFile(pkg)) ? JSON.parse(readFileSync(metaFile(pkg), 'utf8')) : null;

  /** Points `current` at a version in one rename. */
  const switchTo = (pkg: string, versionCode: number) => {
    const dir = dirOf(pkg);
    const link = path.join(dir, 'current');
    const next = path.join(dir, `.current-${process.pid}`);
    rmSync(next, { force: true });
    symlinkSync(path.join('versions', String(versionCode)), next);
    renameSync(next, link);
  };
  const currentVersion = (pkg: string) => {
    try {
      return Number(path.basename(readlinkSync(path.join(dirOf(pkg), 'current'))));
    } catch {
      return null;
    }
  };

  const healthy = async (pkg: string) => {
    const check = path.join(dirOf(pkg), 'current', 'healthcheck');
    if (!existsSync(check)) return { ok: true, output: '' };
    try {
      const r = await run(check, [], {
        cwd: path.join(dirOf(pkg), 'current'),
        timeout: o.healthTimeoutMs ?? 30_000,
      });
      return { ok: true, output: `${r.stdout}${r.stderr}` };
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string; message: string };
      return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}`.trim() || e.message };
    }
  };

  const installDeb = async (
    file: string,
    app: { packageName: string; versionCode: number; versionName: string },
  ) => {
    if (!o.allowDeb)
      throw new AppInstallError(
        '.deb packages are not allowed on this terminal (the operator has not enabled dpkg)',
      );
    try {
      await run('dpkg', ['-i', file], { timeout: 600_000 });
    } catch (err) {
      throw new AppInstallError(
        `dpkg failed: ${(err as { stderr?: string }).stderr?.trim() || (err as Error).message}`,
      );
    }
    mkdirSync(dirOf(app.packageName), { recursive: true });
    writeFileSync(metaFile(app.packageName), JSON.stringify({ ...app, kind: 'deb' }));
    return `installed ${app.packageName} ${app.versionName} through dpkg`;
  };

  return {
    /**
     * Installs a downloaded package (`.tar.gz`, `.tgz`, `.tar` or, where allowed, `.deb`) as a version
     * and switches to it; a version already unpacked is switched to again (a rollback by install).
     */
    async install(
      file: string,
      fileName: string,
      app: { packageName: string; versionCode: number; versionName: string },
    ) {
      if (fileName.endsWith('.deb')) return installDeb(file, app);
      if (!/\.(tar\.gz|tgz|tar)$/.test(fileName))
        throw new AppInstallError(
          `unsupported package ${fileName}: use .tar.gz, .tgz or .tar (or .deb where allowed)`,
        );
      const dir = dirOf(app.packageName);
      const versions = path.join(dir, 'versions');
      mkdirSync(versions, { recursive: true });
      const target = path.join(versions, String(app.versionCode));
      if (!existsSync(target)) {
        const tmp = await mkdtemp(path.join(versions, '.unpack-'));
        try {
          await run('tar', ['-xf', file, '-C', tmp, '--no-same-owner'], { timeout: 600_000 });
        } catch (err) {
          rmSync(tmp, { recursive: true, force: true });
          throw new AppInstallError(
            `not a readable package: ${(err as { stderr?: string }).stderr?.trim() ?? ''}`,
          );
        }
        renameSync(tmp, target);
      }
      const before = currentVersion(app.packageName);
      const was = read(app.packageName);
      switchTo(app.packageName, app.versionCode);
      const health = await healthy(app.packageName);
      if (!health.ok) {
        if (before !== null && before !== app.versionCode) switchTo(app.packageName, before);
        else rmSync(path.join(dir, 'current'), { force: true });
        throw new AppInstallError(
          `${app.packageName} ${app.versionName} failed its health check (${health.output.slice(0, 300)}); ${
            before !== null && before !== app.versionCode
              ? `rolled back to ${was?.versionName ?? before}`
              : 'not started'
          }`,
        );
      }
      const previous = before !== null && before !== app.versionCode ? before : was?.previous;
      const names = { ...was?.names, [app.versionCode]: app.versionName };
      writeFileSync(metaFile(app.packageName), JSON.stringify({ ...app, kind: 'folder', previous, names }));
      return `${app.packageName} ${app.versionName} (${app.versionCode}) running${
        before !== null && before !== app.versionCode ? `, replacing ${was?.versionName ?? before}` : ''
      }`;
    },
    /** Switches back to the version the last install replaced. */
    async rollback(pkg: string) {
      const was = read(pkg);
      if (!was?.previous || !existsSync(path.join(dirOf(pkg), 'versions', String(was.previous))))
        throw new AppInstallError(`${pkg} has no earlier version to roll back to`);
      switchTo(pkg, was.previous);
      const versionName = was.names?.[was.previous] ?? String(was.previous);
      writeFileSync(
        metaFile(pkg),
        JSON.stringify({ ...was, versionCode: was.previous, versionName, previous: was.versionCode }),
      );
      return `${pkg} rolled back to ${versionName} (${was.previous})`;
    },
    async uninstall(pkg: string) {
      const was = read(pkg);
      if (!was) throw new AppInstallError(`${pkg} is not installed`);
      if (was.kind === 'deb') {
        if (!o.allowDeb) throw new AppInstallError('.deb packages are not allowed on this terminal');
        await run('dpkg', ['-r', pkg], { timeout: 600_000 });
      }
      rmSync(dirOf(pkg), { recursive: true, force: true });
      return `${pkg} removed`;
    },
    current: currentVersion,
    list(): InstalledApp[] {
      return readdirSync(o.appsDir)
        .filter((name) => PACKAGE.test(name))
        .flatMap((name) => {
          const a = read(name);
          return a
            ? [
                {
                  packageName: a.packageName,
                  versionCode: a.versionCode,
                  versionName: a.versionName,
                  kind: a.kind,
                },
              ]
            : [];
        });
    },
  };
};
export type AppStore = ReturnType<typeof createAppStore>;
