import { readFileSync, writeFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminals } from '../../server/src/db/schema';
import { terminalAlarms } from '../../server/src/modules/alerts/alerts.table';
import { insertGroups, insertTerminals } from '../../server/src/modules/tasks/task-fixtures';
import { createAccount } from '../../server/src/test-support/accounts';
import { rotateEnrollmentKey } from '../../server/src/test-support/fleet-fixtures';
import { startSimApp } from '../../server/src/test-support/sim-app';
import { waitFor } from '../../server/src/test-support/wait';
import { startAgentProcess } from './testing/agent-process';
import { cupsMissing, startPrivateCups } from './testing/cups';

describe.skipIf(cupsMissing())('the agent’s alarms from a real CUPS queue', { timeout: 120_000 }, () => {
  let sim: Awaited<ReturnType<typeof startSimApp>>;
  let agent: Awaited<ReturnType<typeof startAgentProcess>>;
  let cups: Awaited<ReturnType<typeof startPrivateCups>>;
  const SN = 'LNXB000001';

  /** The terminal's printerFault row on the server: null before it was ever raised. */
  const printerFault = async () => {
    const [row] = await sim.t.database.db
      .select({
        raisedAt: terminalAlarms.raisedAt,
        clearedAt: terminalAlarms.clearedAt,
        detail: terminalAlarms.detail,
      })
      .from(terminalAlarms)
      .innerJoin(terminals, eq(terminals.id, terminalAlarms.terminalId))
      .where(and(eq(terminals.sn, SN), eq(terminalAlarms.name, 'printerFault')));
    return row ?? null;
  };
  const until = <T>(check: () => Promise<T | null | undefined | false>, what: string) =>
    waitFor(check, `${what}\n${agent?.output().slice(-3000)}`, { ms: 45_000, everyMs: 100 });

  beforeAll(async () => {
    sim = await startSimApp('agent-alarms');
    const ent = await createAccount(sim.t, { username: 'lnx_alarms' });
    const groupId = (await insertGroups(sim.t.database.db, ent.id, 'LNB')).group.id;
    await insertTerminals(sim.t.database.db, {
      prefix: 'LNXB0',
      count: 1,
      ownerId: ent.id,
      groupId,
      platform: 'linux',
      apps: [],
    });
    const key = await rotateEnrollmentKey(sim.t, ent.token);
    cups = await startPrivateCups();
    agent = await startAgentProcess({
      server: sim.server,
      sn: SN,
      key,
      // Thresholds no machine running the suite reaches, so only the printer raises anything.
      config: { alarms: { lowBatteryPercent: 0, diskFreePercent: 0 } },
      env: { CUPS_SERVER: cups.socket },
    });
  });
  afterAll(async () => {
    await agent?.close();
    await cups?.close();
    await sim?.close();
  });

  it('raises printerFault when the queue is disabled and clears it when it is enabled again', async () => {
    await until(async () => agent.output().includes('connected over mqtt'), 'the connection');
    cups.cmd('cupsdisable', ['PDF']);
    const raised = await until(async () => {
      const r = await printerFault();
      return r && !r.clearedAt ? r : null;
    }, 'the alarm raised');
    expect(raised.detail).toBe('stopped: Printer PDF');
    cups.cmd('cupsenable', ['PDF']);
    const cleared = await until(async () => {
      const r = await printerFault();
      return r?.clearedAt ? r : null;
    }, 'the alarm cleared');
    expect(cleared.raisedAt).toEqual(raised.raisedAt);
  });

  it('reconciles through the snapshot what changed while the agent was stopped', async () => {
    await agent.stop();
    cups.cmd('cupsdisable', ['PDF']);
    agent.start();
    const raised = await until(async () => {
      const r = await printerFault();
      return r && !r.clearedAt ? r : null;
    }, 'the alarm raised after the restart');
    await agent.stop();
    cups.cmd('cupsenable', ['PDF']);
    const before = agent.output().length;
    agent.start();
    await until(async () => {
      const r = await printerFault();
      return r?.clearedAt && r.clearedAt > raised.raisedAt ? r : null;
    }, 'the alarm cleared after the restart');
    // No clear went out: the snapshot after the connection, without the alarm, cleared it.
    expect(agent.output().slice(before)).toContain('alarm cleared: printerFault (kept for the snapshot)');
  });

  it('raises, clears and reconciles over the HTTP fallback alone', async () => {
    await agent.stop();
    writeFileSync(
      agent.config,
      JSON.stringify({ ...JSON.parse(readFileSync(agent.config, 'utf8')), transport: 'http' }),
    );
    cups.cmd('cupsdisable', ['PDF']);
    const before = agent.output().length;
    agent.start();
    const raised = await until(async () => {
      const r = await printerFault();
      return r && !r.clearedAt ? r : null;
    }, 'the alarm raised by the snapshot over HTTP');
    expect(agent.output().slice(before)).toContain('connected over http');
    cups.cmd('cupsenable', ['PDF']);
    await until(async () => {
      const r = await printerFault();
      return r?.clearedAt && r.clearedAt > raised.raisedAt ? r : null;
    }, 'the alarm cleared over HTTP');
    // The agent logs the clear once the server has answered it, which can be after the poll saw it.
    await until(
      async () => /alarm cleared: printerFault\n/.test(agent.output().slice(before)),
      'the clear sent at once, not kept for the snapshot',
    );
  });
});
