import { createHash, type KeyObject, sign, verify } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { readZip, writeZip, type ZipFile } from './zip';

/** Names inside an agent update package (a ZIP, so the server takes it as a system update file). */
export const UPDATE_MANIFEST = 'cpm-agent-update.json';
export const UPDATE_SIGNATURE = 'cpm-agent-update.sig';
const PAYLOAD = 'files/';
/** Largest an update may expand to. */
const MAX_BYTES = 512 * 1024 * 1024;

const ManifestSchema = z.strictObject({
  package: z.literal('cpm-agent'),
  version: z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,31}$/),
  files: z
    .array(
      z.strictObject({
        path: z.string().min(1).max(255),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        executable: z.boolean(),
      }),
    )
    .min(1),
});
export type UpdateManifest = z.infer<typeof ManifestSchema>;

/** A package the agent will not install, with the reason. */
export class UpdateRefused extends Error {}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const safePath = (p: string) => !path.isAbsolute(p) && !p.split('/').includes('..') && !p.includes('\\');

/**
 * Checks an update package: its manifest is signed by the key the agent was installed with
 * (Ed25519), every file it lists is there with its sha256, and nothing else is. Answers the version
 * and the files to install; anything else is refused before a byte is written.
 */
export const verifyUpdate = (zip: Buffer, publicKey: KeyObject) => {
  let entries: ZipFile[];
  try {
    entries = readZip(zip, MAX_BYTES);
  } catch (err) {
    throw new UpdateRefused(`not an agent update package: ${(err as Error).message}`);
  }
  const manifest = entries.find((e) => e.name === UPDATE_MANIFEST);
  const signature = entries.find((e) => e.name === UPDATE_SIGNATURE);
  if (!manifest || !signature)
    throw new UpdateRefused(`not an agent update package (no ${UPDATE_MANIFEST} and ${UPDATE_SIGNATURE})`);
  const sig = Buffer.from(signature.data.toString('utf8').trim(), 'base64');
  if (!verify(null, manifest.data, publicKey, sig))
    throw new UpdateRefused('the package is not signed with this agent’s update key: refused');
  let m: UpdateManifest;
  try {
    m = ManifestSchema.parse(JSON.parse(manifest.data.toString('utf8')));
  } catch {
    throw new UpdateRefused(`${UPDATE_MANIFEST} is not a valid manifest`);
  }
  const payload = new Map(
    entries.filter((e) => e.name.startsWith(PAYLOAD)).map((e) => [e.name.slice(PAYLOAD.length), e]),
  );
  const files = m.files.map((f) => {
    const e = payload.get(f.path);
    if (!safePath(f.path)) throw new UpdateRefused(`${f.path}: not a path inside the package`);
    if (!e || sha256(e.data) !== f.sha256) throw new UpdateRefused(`${f.path}: missing or altered`);
    return { path: f.path, data: e.data, executable: f.executable };
  });
  if (payload.size !== files.length || entries.length !== files.length + 2)
    throw new UpdateRefused('the package holds files its manifest does not list');
  if (!files.some((f) => f.path === 'bin/cpm-agent' && f.executable))
    throw new UpdateRefused('the package has no executable bin/cpm-agent');
  return { version: m.version, files };
};

/** Builds and signs an update package (what `scripts/make-agent-update.ts` writes). */
export const signUpdate = (o: {
  version: string;
  files: { path: string; data: Buffer; executable: boolean }[];
  privateKey: KeyObject;
}) => {
  const manifest: UpdateManifest = {
    package: 'cpm-agent',
    version: o.version,
    files: o.files.map((f) => ({ path: f.path, sha256: sha256(f.data), executable: f.executable })),
  };
  const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  const sig = sign(null, bytes, o.privateKey).toString('base64');
  return writeZip([
    { name: UPDATE_MANIFEST, data: bytes, executable: false },
    { name: UPDATE_SIGNATURE, data: Buffer.from(`${sig}\n`), executable: false },
    ...o.files.map((f) => ({ name: `${PAYLOAD}${f.path}`, data: f.data, executable: f.executable })),
  ]);
};
