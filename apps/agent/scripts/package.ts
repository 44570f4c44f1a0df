// Builds the Linux agent for terminals: one executable (a Node single executable application: the
// agent bundled with esbuild, injected into a copy of this Node binary with postject), a `.deb` that
// installs it with its systemd unit and update key, and, given a signing key, the signed update
// package of the same build for an OTA task.
//
//   npm run package -w @cpm/agent -- --version 1.0.2 --update-key update-public.pem \
//     [--sign-key update-private.pem] [--out dist]
import { execFileSync } from 'node:child_process';
import { createPrivateKey, createPublicKey } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { inject } from 'postject';
import { signUpdate } from '../src/update/update-package';

const { values } = parseArgs({
  options: {
    version: { type: 'string' },
    'update-key': { type: 'string' },
    'sign-key': { type: 'string' },
    out: { type: 'string', default: 'dist' },
  },
});
const version = values.version ?? '';
if (!/^[0-9A-Za-z][0-9A-Za-z.+-]{0,31}$/.test(version) || !values['update-key'])
  throw new Error(
    'usage: package.ts --version X.Y.Z --update-key PUBLIC.pem [--sign-key PRIVATE.pem] [--out DIR]',
  );
const here = path.join(import.meta.dirname, '..');
const out = path.resolve(values.out as string);
const work = path.join(out, 'build');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
// The public key must be one: a typo here would make every later update fail on the terminals.
const publicPem = createPublicKey(readFileSync(values['update-key'])).export({ type: 'spki', format: 'pem' });

// 1. One CommonJS file; the version is built in, so the executable reports what it is.
const bundle = path.join(work, 'cpm-agent.cjs');
await build({
  entryPoints: [path.join(here, 'src', 'main.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  outfile: bundle,
  define: {
    'process.env.CPM_AGENT_VERSION': JSON.stringify(version),
    // ws looks for two optional native helpers; a single executable can load no module from disk.
    'process.env.WS_NO_BUFFER_UTIL': '"1"',
    'process.env.WS_NO_UTF_8_VALIDATE': '"1"',
  },
  external: ['bufferutil', 'utf-8-validate'],
  logLevel: 'warning',
});

// 2. The single executable: the bundle as a blob injected into a copy of this Node binary.
const seaConfig = path.join(work, 'sea-config.json');
const blob = path.join(work, 'sea-prep.blob');
writeFileSync(seaConfig, JSON.stringify({ main: bundle, output: blob, disableExperimentalSEAWarning: true }));
execFileSync(process.execPath, ['--experimental-sea-config', seaConfig], { stdio: 'inherit' });
const exe = path.join(out, 'cpm-agent');
copyFileSync(process.execPath, exe);
chmodSync(exe, 0o755);
await inject(exe, 'NODE_SEA_BLOB', readFileSync(blob), {
  sentinelFuse: 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2',
});
const help = execFileSync(exe, ['--help'], { encoding: 'utf8' });
if (!help.includes('cpm-agent enroll')) throw new Error(`the executable does not run:\n${help}`);

// 3. The .deb: the version in /opt/cpm-agent/versions, `current` and /usr/bin/cpm-agent pointing at it.
const arch = execFileSync('dpkg', ['--print-architecture'], { encoding: 'utf8' }).trim();
const root = path.join(work, 'deb');
const put = (file: string, data: Buffer | string, mode = 0o644) => {
  const p = path.join(root, file);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, data, { mode });
  chmodSync(p, mode);
};
put(`opt/cpm-agent/versions/${version}/bin/cpm-agent`, readFileSync(exe), 0o755);
symlinkSync(path.join('versions', version), path.join(root, 'opt/cpm-agent/current'));
mkdirSync(path.join(root, 'usr/bin'), { recursive: true });
symlinkSync('/opt/cpm-agent/current/bin/cpm-agent', path.join(root, 'usr/bin/cpm-agent'));
for (const unit of ['cpm-agent.service', 'cpm-agent.path'])
  put(`lib/systemd/system/${unit}`, readFileSync(path.join(here, 'packaging', unit)));
put('etc/cpm-agent/update-key.pem', publicPem);
put(
  'DEBIAN/control',
  [
    'Package: cpm-agent',
    `Version: ${version}`,
    `Architecture: ${arch}`,
    'Maintainer: Cloud POS Management System <support@cpm.example.com>',
    'Section: admin',
    'Priority: optional',
    'Recommends: x11-apps, x11-utils, xdotool, cups-client',
    'Description: Cloud POS terminal agent',
    ' Connects a Linux POS or kiosk terminal to the Cloud POS Management System: facts, tasks,',
    ' files, shell commands, remote desktop and signed self-updates.',
    '',
  ].join('\n'),
);
put('DEBIAN/conffiles', '/etc/cpm-agent/update-key.pem\n');
// The path unit starts the agent once `cpm-agent enroll` wrote the identity: installing and enrolling is all.
put(
  'DEBIAN/postinst',
  [
    '#!/bin/sh',
    'set -e',
    'if [ -d /run/systemd/system ]; then',
    '  systemctl daemon-reload',
    '  systemctl enable cpm-agent.service cpm-agent.path >/dev/null',
    '  systemctl start cpm-agent.path',
    'fi',
    '',
  ].join('\n'),
  0o755,
);
put(
  'DEBIAN/prerm',
  '#!/bin/sh\nset -e\n[ -d /run/systemd/system ] && systemctl stop cpm-agent.path cpm-agent.service || true\n',
  0o755,
);
const deb = path.join(out, `cpm-agent_${version}_${arch}.deb`);
execFileSync('dpkg-deb', ['--root-owner-group', '--build', root, deb], { stdio: 'inherit' });

// 4. The same build as a signed update, for terminals that already run the agent.
if (values['sign-key']) {
  const zip = signUpdate({
    version,
    files: [{ path: 'bin/cpm-agent', data: readFileSync(exe), executable: true }],
    privateKey: createPrivateKey(readFileSync(values['sign-key'])),
  });
  writeFileSync(path.join(out, `cpm-agent-update-${version}.zip`), zip);
}
rmSync(work, { recursive: true, force: true });
console.log(`built ${exe}, ${deb}${values['sign-key'] ? ` and cpm-agent-update-${version}.zip` : ''}`);
