import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from './web';

describe('console files', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'cpm-web-'));
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
  let app: FastifyInstance;

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title>');
    const file = path.join(dist, 'assets', 'index-AbC123.js');
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
    writeFileSync(path.join(dist, 'assets', 'plain-XyZ789.js'), 'export {};\n');
    app = Fastify();
    await registerWeb(app, dist);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string, accept = '*/*') =>
    app.inject({
      method: 'GET',
      url,
      headers: { accept, ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('sends the brotli copy to browsers that accept it, else gzip, else the plain file', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
    expect(br.rawPayload).toEqual(brotliCompressSync(script));

    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload).toEqual(gzipSync(script));

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends the plain file when the build wrote no compressed copy', async () => {
    const res = await get('/assets/plain-XyZ789.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });

  it('lets hashed assets be cached for a year and index.html only after revalidation', async () => {
    const asset = await get('/assets/index-AbC123.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.vary).toMatch(/accept-encoding/i);
    const page = await get('/device/index', 'br', 'text/html');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
