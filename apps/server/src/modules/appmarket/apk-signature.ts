import { createHash, createPublicKey, type KeyObject, verify, X509Certificate } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { readExactly, readZipEntry, type ZipDirectory, ZipRefused } from '../../shared/zip-directory';

/** The signature schemes an APK can carry, oldest first. */
export type ApkScheme = 'v1' | 'v2' | 'v3' | 'v3.1';

/** Who signed an APK, as Android would see it. */
export type ApkSigner = {
  /** Schemes present (v2 and later verified against the file's contents). */
  schemes: ApkScheme[];
  /** SHA-256 (hex) of the signer certificate Android uses: from v3.1, else v3, else v2, else v1. */
  certSha256: string;
  /** Subject of that certificate (`CN=..., O=...`). */
  subject: string;
  /**
   * Every certificate digest this APK speaks for: each scheme's signer and, under v3 key rotation,
   * the earlier signers of its proof-of-rotation lineage. An update is Android-compatible when this
   * holds the previous version's signer.
   */
  lineage: string[];
};

/** Why a signature was refused. */
export type SignatureProblem = 'unsigned' | 'invalid';

export class SignatureRefused extends Error {
  constructor(readonly problem: SignatureProblem) {
    super(`apk signature refused: ${problem}`);
  }
}

const MAGIC = Buffer.from('APK Sig Block 42', 'ascii');
const ID_V2 = 0x7109871a;
const ID_V3 = 0xf05368c0;
const ID_V31 = 0x1b93ad61;
const ATTR_ROTATION = 0x3ba06f8c;
const CHUNK = 1024 * 1024;
/** Largest signing block read into memory (real ones are a few KB; v4 or padding adds little). */
const MAX_BLOCK = 16 * 1024 * 1024;

const invalid = () => new SignatureRefused('invalid');

/** Reads length-prefixed (uint32 LE) values one after another. */
class Reader {
  private at = 0;
  constructor(private readonly buf: Buffer) {}
  get done() {
    return this.at >= this.buf.length;
  }
  u32(): number {
    if (this.at + 4 > this.buf.length) throw invalid();
    const v = this.buf.readUInt32LE(this.at);
    this.at += 4;
    return v;
  }
  /** The next length-prefixed value. */
  lp(): Buffer {
    const len = this.u32();
    if (this.at + len > this.buf.length) throw invalid();
    const v = this.buf.subarray(this.at, this.at + len);
    this.at += len;
    return v;
  }
  /** Each length-prefixed value inside the next length-prefixed value. */
  seq(): Buffer[] {
    const inner = new Reader(this.lp());
    const out: Buffer[] = [];
    while (!inner.done) out.push(inner.lp());
    return out;
  }
}

type Algorithm = { hash: 'sha256' | 'sha512'; kind: 'rsa' | 'rsa-pss' | 'ec' | 'dsa'; salt?: number };

/** Signature algorithms of the APK Signature Scheme (v2/v3), by id. */
const ALGORITHMS: Record<number, Algorithm> = {
  257: { hash: 'sha256', kind: 'rsa-pss', salt: 32 },
  258: { hash: 'sha512', kind: 'rsa-pss', salt: 64 },
  259: { hash: 'sha256', kind: 'rsa' },
  260: { hash: 'sha512', kind: 'rsa' },
  513: { hash: 'sha256', kind: 'ec' },
  514: { hash: 'sha512', kind: 'ec' },
  769: { hash: 'sha256', kind: 'dsa' },
};

const sha256Hex = (der: Buffer) => createHash('sha256').update(der).digest('hex');

const verifySignature = (alg: Algorithm, key: KeyObject, data: Buffer, signature: Buffer) => {
  try {
    if (alg.kind === 'rsa-pss')
      return verify(
        alg.hash,
        data,
        { key, padding: 2 /* RSA_PKCS1_PSS_PADDING */, saltLength: alg.salt },
        signature,
      );
    return verify(alg.hash, data, key, signature);
  } catch {
    return false;
  }
};

/** The signing block's ID-value pairs, or null when the APK has none (v1 only, or unsigned). */
const readSigningBlock = async (fh: FileHandle, dir: ZipDirectory) => {
  const cd = dir.directoryOffset;
  if (cd < 32) return null;
  const footer = await readExactly(fh, dir.size, cd - 24, 24);
  if (!footer.subarray(8).equals(MAGIC)) return null;
  const sizeInFooter = Number(footer.readBigUInt64LE(0));
  const start = cd - sizeInFooter - 8;
  if (sizeInFooter < 24 || sizeInFooter > MAX_BLOCK || start < 0) throw invalid();
  const block = await readExactly(fh, dir.size, start, sizeInFooter + 8);
  if (Number(block.readBigUInt64LE(0)) !== sizeInFooter) throw invalid();
  const pairs = new Map<number, Buffer>();
  let p = 8;
  const end = block.length - 24;
  while (p < end) {
    if (p + 12 > end) throw invalid();
    const len = Number(block.readBigUInt64LE(p));
    if (len < 4 || p + 8 + len > end) throw invalid();
    pairs.set(block.readUInt32LE(p + 8), block.subarray(p + 12, p + 8 + len));
    p += 8 + len;
  }
  return { start, pairs };
};

/**
 * The APK's chunked content digest (APK Signature Scheme v2/v3): the entries before the signing
 * block, the central directory, and the end record with its directory offset pointing at the block,
 * each in 1 MiB chunks. Read from disk a chunk at a time.
 */
const contentDigest = async (
  fh: FileHandle,
  dir: ZipDirectory,
  blockStart: number,
  hash: 'sha256' | 'sha512',
) => {
  const digests: Buffer[] = [];
  const chunkDigest = (chunk: Buffer) => {
    const prefix = Buffer.alloc(5);
    prefix[0] = 0xa5;
    prefix.writeUInt32LE(chunk.length, 1);
    digests.push(createHash(hash).update(prefix).update(chunk).digest());
  };
  const section = async (from: number, to: number) => {
    for (let at = from; at < to; at += CHUNK)
      chunkDigest(await readExactly(fh, dir.size, at, Math.min(CHUNK, to - at)));
  };
  await section(0, blockStart);
  await section(dir.directoryOffset, dir.directoryOffset + dir.directorySize);
  const end = await readExactly(fh, dir.size, dir.endOffset, dir.size - dir.endOffset);
  end.writeUInt32LE(blockStart, 16);
  for (let at = 0; at < end.length; at += CHUNK) chunkDigest(end.subarray(at, at + CHUNK));
  const head = Buffer.alloc(5);
  head[0] = 0x5a;
  head.writeUInt32LE(digests.length, 1);
  const top = createHash(hash).update(head);
  for (const d of digests) top.update(d);
  return top.digest();
};

/** Certificates named by a v3 proof-of-rotation attribute, oldest signer first. */
const rotationLineage = (value: Buffer): string[] => {
  const r = new Reader(value);
  r.u32(); // version
  const out: string[] = [];
  while (!r.done) {
    const level = new Reader(r.lp());
    const signed = new Reader(level.lp());
    out.push(sha256Hex(signed.lp()));
  }
  return out;
};

type SchemeResult = { certSha256: string; subject: string; lineage: string[] };

/**
 * Checks one v2/v3/v3.1 block: its first signer's signature over its signed data with its own
 * public key, that key against its certificate, and the content digest against the file. Answers
 * the signer's certificate.
 */
const checkScheme = async (
  fh: FileHandle,
  dir: ZipDirectory,
  blockStart: number,
  value: Buffer,
  v3: boolean,
  digestCache: Map<string, Buffer>,
): Promise<SchemeResult> => {
  const signers = new Reader(value).seq();
  if (!signers.length) throw invalid();
  const signer = new Reader(signers[0]);
  const signedData = signer.lp();
  if (v3) {
    signer.u32();
    signer.u32();
  }
  const signatures = new Reader(signer.lp());
  const publicKeyDer = signer.lp();
  const sd = new Reader(signedData);
  const digests = sd.seq().map((d) => {
    const r = new Reader(d);
    return { alg: r.u32(), digest: r.lp() };
  });
  const certs = sd.seq();
  let lineage: string[] = [];
  if (v3) {
    sd.u32();
    sd.u32();
  }
  const attrs = sd.seq();
  for (const a of attrs) {
    if (a.length >= 4 && a.readUInt32LE(0) === ATTR_ROTATION) lineage = rotationLineage(a.subarray(4));
  }
  if (!certs.length) throw invalid();
  let cert: X509Certificate;
  let key: KeyObject;
  try {
    cert = new X509Certificate(certs[0]);
    key = createPublicKey({ key: publicKeyDer, format: 'der', type: 'spki' });
  } catch {
    throw invalid();
  }
  const certKey = cert.publicKey.export({ format: 'der', type: 'spki' }) as Buffer;
  if (!certKey.equals(key.export({ format: 'der', type: 'spki' }) as Buffer)) throw invalid();

  let verified = false;
  while (!signatures.done) {
    const s = new Reader(signatures.lp());
    const alg = ALGORITHMS[s.u32()];
    const sig = s.lp();
    if (alg && verifySignature(alg, key, signedData, sig)) verified = true;
  }
  if (!verified) throw invalid();

  const known = digests.filter((d) => ALGORITHMS[d.alg]);
  if (!known.length) throw invalid();
  for (const d of known) {
    const hash = ALGORITHMS[d.alg].hash;
    let actual = digestCache.get(hash);
    if (!actual) {
      actual = await contentDigest(fh, dir, blockStart, hash);
      digestCache.set(hash, actual);
    }
    if (!actual.equals(d.digest)) throw invalid();
  }
  const certSha256 = sha256Hex(certs[0]);
  return { certSha256, subject: cert.subject.replace(/\n/g, ', '), lineage };
};

/** One DER element: tag, where its content starts and ends, and where the element ends. */
const der = (buf: Buffer, at: number) => {
  if (at + 2 > buf.length) throw invalid();
  const tag = buf[at];
  let len = buf[at + 1];
  let content = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4 || content + n > buf.length) throw invalid();
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[content + i];
    content += n;
  }
  if (content + len > buf.length) throw invalid();
  return { tag, start: at, content, end: content + len };
};

/** The first certificate of a PKCS #7 SignedData (a v1 signature block, META-INF/*.RSA|DSA|EC). */
export const pkcs7Certificate = (block: Buffer): Buffer => {
  const info = der(block, 0);
  if (info.tag !== 0x30) throw invalid();
  const oid = der(block, info.content);
  const explicit = der(block, oid.end);
  if (explicit.tag !== 0xa0) throw invalid();
  const signedData = der(block, explicit.content);
  if (signedData.tag !== 0x30) throw invalid();
  for (let at = signedData.content; at < signedData.end; ) {
    const el = der(block, at);
    if (el.tag === 0xa0) {
      const cert = der(block, el.content);
      if (cert.tag !== 0x30) throw invalid();
      return block.subarray(cert.start, cert.end);
    }
    at = el.end;
  }
  throw invalid();
};

const V1_BLOCK = /^META-INF\/[^/]+\.(RSA|DSA|EC)$/i;
/** A v1 signature block is a few KB; anything much larger is not one. */
const V1_BLOCK_MAX = 1024 * 1024;

/** The signer of a v1 (JAR) signature, or null without one. */
const readV1 = async (fh: FileHandle, dir: ZipDirectory): Promise<SchemeResult | null> => {
  const entry = dir.entries.find((e) => V1_BLOCK.test(e.name));
  if (!entry) return null;
  if (entry.uncompressedSize > V1_BLOCK_MAX) throw invalid();
  let certDer: Buffer;
  let cert: X509Certificate;
  try {
    certDer = pkcs7Certificate(await readZipEntry(fh, dir, entry));
    cert = new X509Certificate(certDer);
  } catch (err) {
    if (err instanceof ZipRefused) throw err;
    throw invalid();
  }
  return { certSha256: sha256Hex(certDer), subject: cert.subject.replace(/\n/g, ', '), lineage: [] };
};

/**
 * Who signed an APK: the v2, v3 and v3.1 blocks of the APK Signing Block (each verified: the
 * signature over its signed data, the key against the certificate, the chunked content digest
 * against the file, read from disk a chunk at a time) and the v1 JAR signature's certificate
 * (not verified here; Android checks it when installing). Throws `SignatureRefused('unsigned')`
 * when there is no signature at all.
 */
export const readApkSigner = async (fh: FileHandle, dir: ZipDirectory): Promise<ApkSigner> => {
  const block = await readSigningBlock(fh, dir);
  const found: Partial<Record<ApkScheme, SchemeResult>> = {};
  if (block) {
    const cache = new Map<string, Buffer>();
    const schemes: [ApkScheme, number, boolean][] = [
      ['v2', ID_V2, false],
      ['v3', ID_V3, true],
      ['v3.1', ID_V31, true],
    ];
    for (const [scheme, id, v3] of schemes) {
      const value = block.pairs.get(id);
      if (value) found[scheme] = await checkScheme(fh, dir, block.start, value, v3, cache);
    }
  }
  const v1 = await readV1(fh, dir);
  if (v1) found.v1 = v1;
  const order: ApkScheme[] = ['v3.1', 'v3', 'v2', 'v1'];
  const primary = order.map((s) => found[s]).find(Boolean);
  if (!primary) throw new SignatureRefused('unsigned');
  const lineage = new Set<string>();
  for (const s of order) {
    const r = found[s];
    if (!r) continue;
    lineage.add(r.certSha256);
    for (const l of r.lineage) lineage.add(l);
  }
  return {
    schemes: (['v1', 'v2', 'v3', 'v3.1'] as ApkScheme[]).filter((s) => found[s]),
    certSha256: primary.certSha256,
    subject: primary.subject,
    lineage: [...lineage],
  };
};
