import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPageCache, type PageCache } from './page-cache';

// The cache's listener in a real HTTP server: a request it does not answer gets 599 from "the app".
let clock = 0;
let cache: PageCache;
let server: Server;
let base: string;
let host: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (!cache.serve(req, res)) res.writeHead(599).end('rendered');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  host = new URL(base).host;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  clock = 1_000;
  cache = createPageCache(2_000, () => clock);
});

const HOME_ES = '<!doctype html><html lang="es"><h1>Inicio</h1></html>';
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(base + path, { headers: { 'accept-language': 'es', ...headers } });

describe('site page cache', () => {
  it('answers a kept page compressed as asked, with the same validators as a render', async () => {
    cache.put(host, '/', 'es', HOME_ES);
    const br = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(br.headers.get('cache-control')).toBe('no-cache');
    expect(br.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    const etag = br.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{22}-br"$/);
    expect(await br.text()).toBe(HOME_ES); // fetch decodes br
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(HOME_ES);
    const plain = await get('/', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(HOME_ES)));
    // any encoding's tag validates the page
    const again = await get('/', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await fetch(base + '/', { method: 'HEAD', headers: { 'accept-language': 'es' } });
    expect(head.status).toBe(200);
  });

  it('keeps pages apart by language (cookie, then Accept-Language), host and path', async () => {
    cache.put(host, '/', 'es', HOME_ES);
    expect((await get('/', { 'accept-language': 'en' })).status).toBe(599);
    expect((await get('/', { cookie: 'painlab_lang=en' })).status).toBe(599);
    expect((await get('/', { 'accept-language': 'en', cookie: 'painlab_lang=es' })).status).toBe(
      200,
    );
    expect((await get('/blog')).status).toBe(599);
    // another Host (fetch may not set it): the page's links may be built from it
    const other = await new Promise<number>((resolve, reject) =>
      request(
        base + '/',
        { headers: { host: 'elsewhere.example', 'accept-language': 'es' } },
        (res) => resolve(res.resume().statusCode!),
      )
        .on('error', reject)
        .end(),
    );
    expect(other).toBe(599);
  });

  it('never answers a request with a query or a one-time notice', async () => {
    cache.put(host, '/', 'es', HOME_ES);
    expect((await get('/?enviado=1')).status).toBe(599);
    expect((await get('/?lang=es')).status).toBe(599);
    expect((await get('/', { cookie: 'painlab_signed_out=1' })).status).toBe(599);
  });

  it('forgets a page when it expires or the content changes, and keeps nothing with a 0 ttl', async () => {
    cache.put(host, '/', 'es', HOME_ES);
    clock += 1_999;
    expect((await get('/')).status).toBe(200);
    clock += 1;
    expect((await get('/')).status).toBe(599);
    expect(cache.size).toBe(0);
    cache.put(host, '/', 'es', HOME_ES);
    cache.clear();
    expect((await get('/')).status).toBe(599);
    cache = createPageCache(0, () => clock);
    cache.put(host, '/', 'es', HOME_ES);
    expect(cache.size).toBe(0);
  });

  it('holds at most 500 pages, dropping the oldest (a flood of names cannot grow it)', () => {
    for (let i = 0; i < 600; i++) cache.put(`h${i}.example`, '/', 'es', HOME_ES);
    expect(cache.size).toBe(500);
  });
});
