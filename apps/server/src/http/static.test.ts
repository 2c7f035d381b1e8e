/**
 * Serving the built web app (http/static.ts) through the real server, from a small fake dist
 * folder: compression by Accept-Encoding, ETag/304, cache headers, app-shell 200/404.
 * Raw node:http requests, so that bodies arrive exactly as sent (fetch would decode them).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

const INDEX = `<!doctype html><html><head><title>Pain Lab</title><script type="module" src="/assets/index-AbCd1234.js"></script></head><body><div id="root"></div>${'<!-- padding so that compression pays -->'.repeat(20)}</body></html>`;
const SCRIPT = `export const hello = () => ${JSON.stringify('x'.repeat(50))};\n`.repeat(50);
const PRECOMPRESSED_BR = zlib.brotliCompressSync(Buffer.from(SCRIPT));

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbCd1234.js'), SCRIPT);
  // what the build writes beside each asset: the server must send these bytes, not its own
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbCd1234.js.br'), PRECOMPRESSED_BR);
  fs.writeFileSync(
    path.join(dist, 'sw.js'),
    `self.addEventListener('fetch', () => {});\n`.repeat(10),
  );
  fs.writeFileSync(path.join(dist, 'favicon.png'), Buffer.alloc(300, 7));
  server = await startTestServer({ WEB_DIST: dist });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function get(urlPath: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.request(`${server.url}${urlPath}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('web app: compression', () => {
  it('sends brotli when accepted, with Vary: Accept-Encoding', async () => {
    const res = await get('/dashboard', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(INDEX);
  });

  it('falls back to gzip, then to no encoding', async () => {
    const gz = await get('/dashboard', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(INDEX);
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0', 'deflate']) {
      const plain = await get('/dashboard', accept ? { 'accept-encoding': accept } : {});
      expect(plain.headers['content-encoding'], String(accept)).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body.toString()).toBe(INDEX);
    }
  });

  it('honours q-values and *', async () => {
    expect(
      (await get('/dashboard', { 'accept-encoding': 'br;q=0.5, gzip;q=0.8' })).headers[
        'content-encoding'
      ],
    ).toBe('gzip');
    expect((await get('/dashboard', { 'accept-encoding': '*' })).headers['content-encoding']).toBe(
      'br',
    );
    expect(
      (await get('/dashboard', { 'accept-encoding': 'br;q=0, *' })).headers['content-encoding'],
    ).toBe('gzip');
  });

  it("sends the build's precompressed file as it is", async () => {
    const res = await get('/assets/index-AbCd1234.js', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.body.equals(PRECOMPRESSED_BR)).toBe(true);
    // no .gz beside it: compressed once at start
    const gz = await get('/assets/index-AbCd1234.js', { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gz.body).toString()).toBe(SCRIPT);
  });

  it('does not compress images', async () => {
    const res = await get('/favicon.png', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('image/png');
  });
});

describe('web app: ETag and 304', () => {
  it('answers 304 to If-None-Match with the ETag of the HTML', async () => {
    const first = await get('/dashboard', { 'accept-encoding': 'br' });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await get('/dashboard', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    // weak comparison, lists, and the tag of another encoding of the same file
    expect((await get('/dashboard', { 'if-none-match': `"nope", W/${etag}` })).status).toBe(304);
    const gzTag = (await get('/dashboard', { 'accept-encoding': 'gzip' })).headers.etag;
    expect(gzTag).not.toBe(etag);
    expect(
      (await get('/dashboard', { 'accept-encoding': 'br', 'if-none-match': gzTag! })).status,
    ).toBe(304);
  });

  it('answers 200 with the body when the ETag does not match', async () => {
    const res = await get('/dashboard', { 'if-none-match': '"stale"' });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(INDEX);
  });

  it('client routes get the same ETag as the shell and 304 as well', async () => {
    const etag = (await get('/dashboard')).headers.etag!;
    expect((await get('/patients/123', { 'if-none-match': etag })).status).toBe(304);
  });
});

describe('web app: caching', () => {
  it('marks only hashed assets immutable', async () => {
    const asset = await get('/assets/index-AbCd1234.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const p of ['/dashboard', '/index.html', '/register', '/sw.js', '/favicon.png']) {
      const res = await get(p);
      expect(res.headers['cache-control'], p).toBe('no-cache');
    }
  });

  it('never caches API responses', async () => {
    for (const p of ['/api/health', '/api/config', '/api/unknown']) {
      const res = await get(p);
      expect(res.headers['cache-control'], p).toBe('no-store');
      expect(res.headers.etag, p).toBeUndefined();
    }
  });

  it('sends the security headers with every web app response', async () => {
    const etag = (await get('/dashboard')).headers.etag!;
    for (const [p, headers] of [
      ['/dashboard', {}],
      ['/assets/index-AbCd1234.js', { 'accept-encoding': 'br' }],
      ['/no-such-page', {}],
      ['/dashboard', { 'if-none-match': etag }],
    ] as const) {
      const res = await get(p, headers);
      expect(res.headers['content-security-policy'], p).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], p).toBe('nosniff');
      expect(res.headers['x-frame-options'], p).toBe('DENY');
    }
  });

  it('answers HEAD with the headers only', async () => {
    const res = await get('/dashboard', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body.length).toBe(0);
  });
});

describe('web app: soft 404s', () => {
  it('answers 200 with the app shell for paths a route knows', async () => {
    for (const p of [
      '/tasks',
      '/register',
      '/dashboard',
      '/patients/abc-123',
      '/patients/abc-123/edit',
      '/treatments',
      '/Login/',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.body.toString(), p).toBe(INDEX);
    }
  });

  it('leaves /login and the public site to the site pages (ADR 0012, 0017): never the app shell, a 503 while they are not built', async () => {
    for (const p of [
      '/login',
      '/',
      '/index',
      '/blog',
      '/blog/un-articulo',
      '/especialistas/ana',
      '/contacto',
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(503);
      expect(res.body.toString(), p).toContain('site pages are not built');
      expect(res.headers['cache-control'], p).toBe('no-store');
    }
  });

  it('answers 404 with the app shell (compressed, no ETag) for paths no route knows', async () => {
    for (const p of ['/no-such-page', '/patients/abc/nope', '/404', '/admin']) {
      const res = await get(p, { 'accept-encoding': 'br' });
      expect(res.status, p).toBe(404);
      expect(res.headers['content-type'], p).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], p).toBe('no-cache');
      expect(res.headers.etag, p).toBeUndefined();
      expect(zlib.brotliDecompressSync(res.body).toString(), p).toBe(INDEX);
    }
  });

  it('answers a missing asset and an unknown API path with a 404, not the shell', async () => {
    const asset = await get('/assets/missing-AbCd1234.js');
    expect(asset.status).toBe(404);
    expect(asset.body.toString()).not.toContain('<div id="root">');
    const api = await get('/api/unknown');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(api.body.toString()).error.code).toBe('not_found');
  });
});
