import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeZip } from '../../test-support/zip-builder';
import { fixture, fixtureSigners } from './apk-fixtures';
import { ApkRefused, parseApk } from './apk-parser';

const dir = mkdtempSync(path.join(tmpdir(), 'apk-parser-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
const write = (bytes: Buffer) => {
  const file = path.join(dir, `f${n++}.apk`);
  writeFileSync(file, bytes);
  return file;
};
const parse = (name: string) => parseApk(write(fixture(name)));
const problem = async (bytes: Buffer) => {
  try {
    await parseApk(write(bytes));
  } catch (err) {
    if (err instanceof ApkRefused) return err.problem;
    throw err;
  }
  return 'accepted';
};

describe('parseApk', () => {
  const signers = fixtureSigners();

  it('reads manifest, label, icon and the v1+v2+v3 signer as apksigner reports it', async () => {
    const apk = await parse('demo-v1.apk');
    expect(apk).toMatchObject({
      packageName: 'com.cpm.demo',
      versionCode: 1,
      versionName: '1.0.0',
      minSdk: 21,
      targetSdk: 33,
      permissions: ['android.permission.INTERNET'],
      label: 'Demo Pay',
    });
    expect(apk.icon?.subarray(1, 4).toString()).toBe('PNG');
    expect(apk.signer.schemes).toEqual(['v1', 'v2', 'v3']);
    expect(apk.signer.certSha256).toBe(signers['demo-v1.apk']);
    expect(apk.signer.subject).toContain('CN=Demo Publisher');
  });

  it('reads a v2+v3-only APK and the permissions it adds', async () => {
    const apk = await parse('demo-v2.apk');
    expect(apk.signer.schemes).toEqual(['v2', 'v3']);
    expect(apk.signer.certSha256).toBe(signers['demo-v2.apk']);
    expect(apk.permissions).toContain('android.permission.CAMERA');
    expect(apk.minSdk).toBe(24);
  });

  it('tells a second signer apart and reads a v1-only signature from its PKCS #7 block', async () => {
    const other = await parse('demo-v3-other-key.apk');
    expect(other.signer.certSha256).toBe(signers['demo-v3-other-key.apk']);
    expect(other.signer.certSha256).not.toBe(signers['demo-v1.apk']);
    const tool = await parse('tool-v1.apk');
    expect(tool.signer.schemes).toEqual(['v1']);
    expect(tool.signer.certSha256).toBe(signers['tool-v1.apk']);
    expect(tool.label).toBe('收银工具');
  });

  it('refuses an unsigned APK', async () => {
    expect(await problem(fixture('demo-v3-unsigned.apk'))).toBe('unsigned');
  });

  it('refuses an APK changed after signing (the v2 content digest no longer matches)', async () => {
    const bytes = Buffer.from(fixture('demo-v2.apk'));
    // Flip a byte inside the first entry's data: the ZIP still reads, the signature does not verify.
    bytes[200] ^= 0xff;
    expect(await problem(bytes)).toBe('badSignature');
  });

  it('refuses what is not an APK: random bytes, a ZIP without a manifest, a truncated file', async () => {
    expect(await problem(Buffer.from('not a zip at all'))).toBe('notApk');
    expect(await problem(makeZip([{ name: 'hello.txt', data: Buffer.from('hi') }]))).toBe('notApk');
    const full = fixture('demo-v1.apk');
    expect(await problem(full.subarray(0, full.length - 100))).toBe('notApk');
  });

  it('refuses a ../ entry and an absolute path', async () => {
    const manifest = { name: 'AndroidManifest.xml', data: Buffer.from('x') };
    expect(await problem(makeZip([manifest, { name: '../../etc/evil', data: Buffer.from('x') }]))).toBe(
      'unsafePath',
    );
    expect(await problem(makeZip([manifest, { name: '/abs/evil', data: Buffer.from('x') }]))).toBe(
      'unsafePath',
    );
  });

  it('refuses a zip bomb by its declared ratio without inflating it', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    expect(
      await problem(
        makeZip([
          { name: 'AndroidManifest.xml', data: Buffer.from('x') },
          { name: 'assets/bomb.bin', data: zeros, deflate: true },
        ]),
      ),
    ).toBe('bomb');
  });
});
