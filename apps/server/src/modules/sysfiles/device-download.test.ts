import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadSystemFile } from '../../../../pos-sim/src/download';
import { createAccount } from '../../test-support/accounts';
import { enrolledTerminal } from '../../test-support/fleet-fixtures';
import { ADMIN_PASSWORD, createTestApp, loginAs, type TestApp } from '../../test-support/test-app';
import { makeZip, postFileForm } from './testing';

/** An OTA of ~3 MB that does not compress (random bytes), so the transfer is really that long. */
const OTA = makeZip([{ name: 'payload.bin', data: randomBytes(3 * 1024 * 1024) }]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('pos-sim downloads a system file from the real server', () => {
  let t: TestApp;
  let dir: string;
  let server: string;
  let secret: string;
  let otherSha: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cpm-sim-download-'));
    t = await createTestApp({ env: { DATA_DIR: dir, BLOB_SWEEP_MINUTES: '0' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const ent = await createAccount(t, { username: 'dl_ent', superiorId: admin.userId });
    const other = await createAccount(t, { username: 'dl_other' });
    const upload = async (token: string, name: string, bytes: Buffer) => {
      const file = { fields: { version: '1', type: '1' }, name, bytes };
      const res = await postFileForm(t, token, '/file/v1/file/sysFile/upload', file);
      expect(res.json().code, res.body).toBe(1);
      return res.json().result as { sha256: string };
    };
    await upload(ent.token, 'ota.zip', OTA);
    otherSha = (await upload(other.token, 'other.zip', makeZip([{ name: 'x', data: Buffer.alloc(999, 4) }])))
      .sha256;
    secret = (await enrolledTerminal(t, ent, { sn: 'DLSIM001', mac: '00:00:00:00:0d:01' })).secret;
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('drops the connection mid-way, resumes with Range and verifies the sha256', async () => {
    const out = path.join(dir, 'ota-download.zip');
    const dropAt = 1024 * 1024 + 123;
    const report = await downloadSystemFile({
      server,
      sn: 'DLSIM001',
      secret,
      sha256: sha(OTA),
      out,
      dropAfterBytes: dropAt,
      backoffMs: 1,
    });
    expect(report).toMatchObject({ bytes: OTA.length, attempts: 2, sha256: sha(OTA) });
    // The second attempt asked only for what the first did not keep (at most the bytes before the drop).
    expect(report.resumedBytes).toBeGreaterThanOrEqual(OTA.length - dropAt);
    expect(report.resumedBytes).toBeLessThan(OTA.length);
    expect((await readFile(out)).equals(OTA)).toBe(true);
  });

  it('starts over when the partial file belongs to another version', async () => {
    const out = path.join(dir, 'stale.zip');
    await writeFile(out, Buffer.alloc(5000, 0xee));
    // The partial bytes are not the file's: the resumed file fails the sha256 check.
    await expect(
      downloadSystemFile({ server, sn: 'DLSIM001', secret, sha256: sha(OTA), out, backoffMs: 1 }),
    ).rejects.toThrow(/sha256 mismatch/);
  });

  it('is refused a file of another enterprise and wrong credentials', async () => {
    const out = path.join(dir, 'other.zip');
    await expect(
      downloadSystemFile({ server, sn: 'DLSIM001', secret, sha256: otherSha, out, backoffMs: 1 }),
    ).rejects.toThrow(/HTTP 404/);
    await expect(
      downloadSystemFile({ server, sn: 'DLSIM001', secret: 'wrong', sha256: sha(OTA), out, backoffMs: 1 }),
    ).rejects.toThrow(/HTTP 401/);
  });

  it('waits out a refusal for load (503, Retry-After) and resumes the part it kept, instead of failing', async () => {
    // A balancer in front of the server turns the first request away, as during a restart.
    let turnedAway = 0;
    const upstream = new URL(server);
    const balancer = createServer((req, res) => {
      if (turnedAway++ === 0) {
        res.writeHead(503, { 'retry-after': '0' }).end('restarting');
        return;
      }
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve));
    try {
      const out = path.join(dir, 'ota-after-503.zip');
      const kept = 1024 * 1024;
      await writeFile(out, OTA.subarray(0, kept));
      const report = await downloadSystemFile({
        server: `http://127.0.0.1:${(balancer.address() as AddressInfo).port}`,
        sn: 'DLSIM001',
        secret,
        sha256: sha(OTA),
        out,
        backoffMs: 60_000,
      });
      expect(report).toMatchObject({ attempts: 2, resumedBytes: OTA.length - kept, sha256: sha(OTA) });
      expect(turnedAway).toBe(2);
    } finally {
      balancer.closeAllConnections();
      await new Promise((resolve) => balancer.close(resolve));
    }
  });
});
