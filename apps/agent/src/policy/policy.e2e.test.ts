import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGroups, insertTerminals, terminalIds } from '../../../server/src/modules/tasks/task-fixtures';
import { callApi, createAccount } from '../../../server/src/test-support/accounts';
import { rotateEnrollmentKey } from '../../../server/src/test-support/fleet-fixtures';
import { startSimApp } from '../../../server/src/test-support/sim-app';
import { waitFor } from '../../../server/src/test-support/wait';
import { startAgentProcess } from '../testing/agent-process';
import { startXvfb, xvfbMissing } from '../testing/xvfb';

type Row = { field: string; state: string; actual: unknown; desired: unknown };
const WALLPAPER = '5f0c6a52-3a57-4a53-9d43-2b7c3f1e2d11';

describe('configuration policies applied by the Linux agent', { timeout: 120_000 }, () => {
  let sim: Awaited<ReturnType<typeof startSimApp>>;
  let agent: Awaited<ReturnType<typeof startAgentProcess>>;
  let ent: { id: string; token: string };
  let x: Awaited<ReturnType<typeof startXvfb>> | null = null;
  const hooks = mkdtempSync(path.join(tmpdir(), 'cpm-hooks-'));
  const SN = 'LNXC000001';

  beforeAll(async () => {
    sim = await startSimApp('agent-policy');
    ent = await createAccount(sim.t, { username: 'lnx_policy' });
    const groupId = (await insertGroups(sim.t.database.db, ent.id, 'LNC')).group.id;
    await insertTerminals(sim.t.database.db, {
      prefix: 'LNXC0',
      count: 1,
      ownerId: ent.id,
      groupId,
      platform: 'linux',
      apps: [],
    });
    const key = await rotateEnrollmentKey(sim.t, ent.token);
    if (!xvfbMissing()) x = await startXvfb();
    // The wallpaper hook keeps the id it was given where the test can see it, and answers it back.
    const hook = path.join(hooks, 'wallpaper.sh');
    writeFileSync(hook, `#!/bin/sh\nprintf '%s' "$1" > "${hooks}/wallpaper"\necho "\\"$1\\""\n`);
    chmodSync(hook, 0o755);
    agent = await startAgentProcess({
      server: sim.server,
      sn: SN,
      key,
      config: {
        ...(x ? { display: x.display } : {}),
        policy: { timeZone: false, backlight: null, hooks: { wallpaper: [hook] } },
      },
    });
  });
  afterAll(async () => {
    await agent?.close();
    await x?.close();
    await sim?.close();
    rmSync(hooks, { recursive: true, force: true });
  });

  it('shows the fields it applied verified with their real values, and the others unsupported', async () => {
    await waitFor(async () => agent.output().includes('connected over mqtt'), agent.output(), { ms: 45_000 });
    const saved = await callApi(sim.t, ent.token, 'POST', '/device/v1/device/policy/addOrUpdate', {
      name: 'Linux tills',
      fields: {
        wallpaper: { value: WALLPAPER, severity: 'minor', locked: false },
        screenTimeoutSec: { value: 240, severity: 'minor', locked: false },
        timeZone: { value: 'Asia/Shanghai', severity: 'major', locked: false },
        bluetooth: { value: false, severity: 'major', locked: false },
      },
      reason: 'Linux tills in the stores',
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(1);
    const [terminalId] = await terminalIds(sim.t.database.db, [SN]);
    const assigned = await callApi(sim.t, ent.token, 'POST', '/device/v1/device/policy/assign', {
      id: saved.body.result.id,
      targets: [{ kind: 'terminal', id: terminalId }],
    });
    expect(assigned.body.code, JSON.stringify(assigned.body)).toBe(1);

    const rows = await waitFor(
      async () => {
        const r = (await callApi(sim.t, ent.token, 'GET', `/device/v1/device/policy/terminalFields?sn=${SN}`))
          .body.result as Row[];
        return r.length === 4 && r.every((f) => f.state !== 'pending') ? r : null;
      },
      `the fields answered\n${agent.output().slice(-3000)}`,
      { ms: 45_000, everyMs: 200 },
    );
    const byField = Object.fromEntries(rows.map((r) => [r.field, r]));
    expect(byField.wallpaper).toMatchObject({ state: 'verified', actual: WALLPAPER });
    expect(readFileSync(path.join(hooks, 'wallpaper'), 'utf8')).toBe(WALLPAPER);
    expect(byField.timeZone.state).toBe('unsupported');
    expect(byField.bluetooth.state).toBe('unsupported');
    if (x) {
      expect(byField.screenTimeoutSec).toMatchObject({ state: 'verified', actual: 240 });
      // The X server itself holds the new timeout, as xset reads it.
      const q = execFileSync('xset', ['-display', x.display, 'q'], { encoding: 'utf8' });
      expect(q).toMatch(/timeout:\s+240\b/);
    } else expect(byField.screenTimeoutSec.state).toBe('unsupported');
  });

  it.skipIf(xvfbMissing())(
    'reports a screen timeout changed at the terminal, which the console shows as drift',
    async () => {
      execFileSync('xset', ['-display', x?.display ?? '', 's', '900', '900']);
      const drifted = await waitFor(
        async () => {
          const r = (
            await callApi(sim.t, ent.token, 'GET', `/device/v1/device/policy/terminalFields?sn=${SN}`)
          ).body.result as Row[];
          return r.find((f) => f.field === 'screenTimeoutSec' && f.state === 'drift') ?? null;
        },
        `the drift\n${agent.output().slice(-3000)}`,
        { ms: 45_000, everyMs: 200 },
      );
      expect(drifted).toMatchObject({ desired: 240, actual: 900 });
      expect(agent.output()).toContain('policy: changed on the terminal: screenTimeoutSec');
    },
  );
});
