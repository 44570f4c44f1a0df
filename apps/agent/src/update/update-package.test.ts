import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUpdate, UpdateRefused, verifyUpdate } from './update-package';
import { readZip, writeZip } from './zip';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const bin = { path: 'bin/cpm-agent', data: Buffer.from('#!/bin/sh\nexit 0\n'), executable: true };
const lib = { path: 'lib/agent.js', data: Buffer.from('console.log(1)\n'), executable: false };

/** The package's entries with `change` applied, written again (the signature left as it was). */
const tampered = (change: (files: ReturnType<typeof readZip>) => ReturnType<typeof readZip>) =>
  writeZip(change(readZip(signUpdate({ version: '2.0.0', files: [bin, lib], privateKey }), 1e6)));

describe('agent update packages', () => {
  it('verifies a signed package and keeps each file’s executable bit', () => {
    const pkg = verifyUpdate(signUpdate({ version: '2.0.0', files: [bin, lib], privateKey }), publicKey);
    expect(pkg.version).toBe('2.0.0');
    expect(pkg.files.map((f) => [f.path, f.executable, f.data.toString()])).toEqual([
      ['bin/cpm-agent', true, bin.data.toString()],
      ['lib/agent.js', false, lib.data.toString()],
    ]);
  });

  it('refuses a file changed after signing, a file the manifest does not list, and a package without bin/cpm-agent', () => {
    const altered = tampered((fs) =>
      fs.map((f) => (f.name === 'files/lib/agent.js' ? { ...f, data: Buffer.from('evil()\n') } : f)),
    );
    expect(() => verifyUpdate(altered, publicKey)).toThrow('lib/agent.js: missing or altered');
    const extra = tampered((fs) => [
      ...fs,
      { name: 'files/bin/extra', data: Buffer.from('x'), executable: true },
    ]);
    expect(() => verifyUpdate(extra, publicKey)).toThrow(
      'the package holds files its manifest does not list',
    );
    const noBin = signUpdate({ version: '2.0.0', files: [lib], privateKey });
    expect(() => verifyUpdate(noBin, publicKey)).toThrow('the package has no executable bin/cpm-agent');
  });

  it('refuses what is not a package at all', () => {
    expect(() => verifyUpdate(Buffer.from('not a zip'), publicKey)).toThrow(UpdateRefused);
    const plain = writeZip([{ name: 'readme.txt', data: Buffer.from('hi'), executable: false }]);
    expect(() => verifyUpdate(plain, publicKey)).toThrow(/not an agent update package/);
  });
});
