import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, mkdtempSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFileForm } from '../../server/src/modules/sysfiles/testing';
import { insertGroups, insertTerminals } from '../../server/src/modules/tasks/task-fixtures';
import { callApi, createAccount } from '../../server/src/test-support/accounts';
import { rotateEnrollmentKey } from '../../server/src/test-support/fleet-fixtures';
import { startSimApp } from '../../server/src/test-support/sim-app';
import { waitFor } from '../../server/src/test-support/wait';
import { startAgentProcess } from './testing/agent-process';
import { signUpdate } from './update/update-package';

const MAIN = path.join(import.meta.dirname, 'main.ts');

/** A version's launcher, as a package carries it: this agent's source under the version's name. */
const launcher = (version: string) =>
  Buffer.from(
    `#!/bin/sh\nCPM_AGENT_VERSION=${version} exec "${process.execPath}" --import tsx "${MAIN}" "$@"\n`,
  );
/** A version that cannot start at all. */
const broken = Buffer.from('#!/bin/sh\necho "cpm-agent: this build cannot start" >&2\nexit 1\n');

describe('the Linux agent updating itself from signed packages', { timeout: 180_000 }, () => {
  let sim: Awaited<ReturnType<typeof startSimApp>>;
  let agent: Awaited<ReturnType<typeof startAgentProcess>>;
  let ent: { id: string; token: string };
  let key: KeyObject;
  const inst = mkdtempSync(path.join(tmpdir(), 'cpm-agent-install-'));
  const SN = 'LNXU000001';

  const until = <T>(check: () => Promise<T | null | undefined | false>, what: string) =>
    waitFor(check, `${what}\n${agent?.output().slice(-4000)}`, { ms: 150_000, everyMs: 200 });
  const detail = async () =>
    (await callApi(sim.t, ent.token, 'GET', `/device/v1/device/terminal/getBySn?sn=${SN}`)).body.result as {
      online: boolean;
      agentVersion: string | null;
    };
  /** Uploads a package as a system update and sends it to the terminal as an OTA task; answers its result. */
  const update = async (name: string, zip: Buffer) => {
    const up = await postFileForm(sim.t, ent.token, '/file/v1/file/sysFile/upload', {
      fields: { version: name, type: '1' },
      name: `${name}.zip`,
      bytes: zip,
    });
    expect(up.json().code, up.body).toBe(1);
    const task = await callApi(sim.t, ent.token, 'POST', '/task/v1/task/remoteTask/create', {
      name: `Agent ${name}`,
      platform: 'linux',
      type: 'ota',
      params: { fileId: up.json().result.id },
      targets: { sns: [SN] },
      timing: { expireAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(task.body.code, JSON.stringify(task.body)).toBe(1);
    return until(async () => {
      const r = (
        await callApi(
          sim.t,
          ent.token,
          'GET',
          `/task/v1/task/remoteTask/results?taskId=${task.body.result.id}`,
        )
      ).body.result.records[0] as { state: string; message: string | null } | undefined;
      return r && ['success', 'failure'].includes(r.state) ? r : null;
    }, `the result of ${name}`);
  };
  const current = () => path.basename(readlinkSync(path.join(inst, 'current')));

  beforeAll(async () => {
    sim = await startSimApp('agent-update');
    ent = await createAccount(sim.t, { username: 'lnx_upd' });
    const groupId = (await insertGroups(sim.t.database.db, ent.id, 'LNU')).group.id;
    await insertTerminals(sim.t.database.db, {
      prefix: 'LNXU0',
      count: 1,
      ownerId: ent.id,
      groupId,
      platform: 'linux',
      apps: [],
    });
    const pair = generateKeyPairSync('ed25519');
    key = pair.privateKey;
    writeFileSync(path.join(inst, 'update-key.pem'), pair.publicKey.export({ type: 'spki', format: 'pem' }));
    // The agent as installed: version 1.0.1 in its folder, `current` pointing at it.
    mkdirSync(path.join(inst, 'versions', '1.0.1', 'bin'), { recursive: true });
    writeFileSync(path.join(inst, 'versions', '1.0.1', 'bin', 'cpm-agent'), launcher('1.0.1'), {
      mode: 0o755,
    });
    symlinkSync(path.join('versions', '1.0.1'), path.join(inst, 'current'));
    agent = await startAgentProcess({
      server: sim.server,
      sn: SN,
      key: await rotateEnrollmentKey(sim.t, ent.token),
      config: {
        installDir: inst,
        updatePublicKey: path.join(inst, 'update-key.pem'),
        // A new version started from source takes 20 s or more to connect on a busy machine.
        updateConfirmSec: 60,
      },
      command: path.join(inst, 'current', 'bin', 'cpm-agent'),
      supervise: true,
    });
    await until(async () => (await detail()).agentVersion === '1.0.1', 'version 1.0.1 reported');
  });
  afterAll(async () => {
    await agent?.close();
    await sim?.close();
    rmSync(inst, { recursive: true, force: true });
  });

  it('applies a signed update: verified, switched, restarted, and reported by the new version', async () => {
    const zip = signUpdate({
      version: '1.0.2',
      files: [{ path: 'bin/cpm-agent', data: launcher('1.0.2'), executable: true }],
      privateKey: key,
    });
    const r = await update('1.0.2', zip);
    expect(r, agent.output().slice(-3000)).toMatchObject({
      state: 'success',
      message: 'updated the agent from 1.0.1 to 1.0.2',
    });
    expect(current()).toBe('1.0.2');
    await until(async () => (await detail()).agentVersion === '1.0.2', 'version 1.0.2 reported');
  });

  it('refuses a package signed with another key and changes nothing', async () => {
    const other = generateKeyPairSync('ed25519').privateKey;
    const zip = signUpdate({
      version: '1.0.4',
      files: [{ path: 'bin/cpm-agent', data: launcher('1.0.4'), executable: true }],
      privateKey: other,
    });
    const r = await update('1.0.4', zip);
    expect(r).toMatchObject({
      state: 'failure',
      message: 'the package is not signed with this agent’s update key: refused',
    });
    expect(current()).toBe('1.0.2');
    expect((await detail()).agentVersion).toBe('1.0.2');
  });

  it('rolls back by itself from a version that never reaches the server', async () => {
    const zip = signUpdate({
      version: '1.0.3',
      files: [{ path: 'bin/cpm-agent', data: broken, executable: true }],
      privateKey: key,
    });
    const r = await update('1.0.3', zip);
    expect(r, agent.output().slice(-3000)).toMatchObject({
      state: 'failure',
      message: 'version 1.0.3 did not reach the server within 60 s: rolled back to 1.0.2',
    });
    expect(agent.output()).toContain('this build cannot start');
    expect(current()).toBe('1.0.2');
    await until(async () => {
      const d = await detail();
      return d.online && d.agentVersion === '1.0.2';
    }, 'version 1.0.2 back online');
  });
});
