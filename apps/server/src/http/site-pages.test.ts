/**
 * Site pages (http/site-pages.ts, docs/decisions/0012) through the real server: /login rendered by
 * the site renderer (its source, apps/web/src/site/render.tsx, loaded as the server loads the built
 * one) with the asset names of a build manifest; the no-JavaScript sign-in form through the real
 * better-auth, throttle and audit log.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, DEMO_PASSWORD, startTestServer, type TestServer } from '../test/harness';

const RENDERER = path.resolve(import.meta.dirname, '../../../web/src/site/render.tsx');
const MANIFEST = {
  // as the build makes it (ADR 0023): the entry is a facade, its style sheet is on the `app` chunk
  'index.html': {
    file: 'assets/index-AbCd1234.js',
    isEntry: true,
    imports: ['_app-App12345.js'],
  },
  '_app-App12345.js': { file: 'assets/app-App12345.js', css: ['assets/index-Css12345.css'] },
  'src/site/client.ts': {
    file: 'assets/site-Site1234.js',
    isEntry: true,
    imports: ['_preact-Pre12345.js'],
    dynamicImports: ['src/site/login/login-island.ts'],
  },
  '_preact-Pre12345.js': { file: 'assets/preact-Pre12345.js' },
  'src/site/login/login-island.ts': {
    file: 'assets/login-island-Isl12345.js',
    imports: ['_preact-Pre12345.js'],
  },
};

let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'painlab-site-'));
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  server = await startTestServer({
    WEB_DIST: dist,
    WEB_SSR: RENDERER,
    RATE_LIMIT_ACCOUNT_FAILURES: '3',
  });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string };

/** A raw request (bodies arrive as sent, compressed or not). */
function raw(
  urlPath: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}${urlPath}`,
      { method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text =
            encoding === 'br'
              ? zlib.brotliDecompressSync(body).toString()
              : encoding === 'gzip'
                ? zlib.gunzipSync(body).toString()
                : body.toString();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const postForm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  raw('/api/site/login', {
    method: 'POST',
    headers: {
      origin: server.url,
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    body: form(fields),
  });

const setCookies = (res: Raw) => res.headers['set-cookie'] ?? [];
const sessionCookie = (res: Raw) =>
  setCookies(res)
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('painlab.session_token='));

describe('GET /login', () => {
  it('renders the page in English: lang, title, description, labels, the built assets', async () => {
    const res = await raw('/login', { headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toMatch(/^<!doctype html><html lang="en">/);
    expect(res.text).toContain('<title>Sign in · Pain Lab</title>');
    expect(res.text).toContain('<meta name="description" content="Sign in to the clinic');
    expect(res.text).toContain(
      '<h1 class="text-2xl font-semibold tracking-tight text-slate-900">Sign in</h1>',
    );
    expect(res.text).toContain(
      '<label for="login-email" class="text-sm font-medium text-slate-800">Email or phone number</label>',
    );
    expect(res.text).toContain('>Password</label>');
    expect(res.text).toContain('action="/api/site/login"');
    expect(res.text).toContain('<link rel="stylesheet" href="/assets/index-Css12345.css">');
    expect(res.text).toContain('<script type="module" src="/assets/site-Site1234.js"></script>');
    expect(res.text).toContain('<link rel="modulepreload" href="/assets/preact-Pre12345.js">');
    expect(res.text).toContain(
      '<link rel="modulepreload" href="/assets/login-island-Isl12345.js">',
    );
    // the app's own script is not on the page
    expect(res.text).not.toContain('index-AbCd1234.js');
    // security headers as every response
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-language/i);
  });

  it('renders it in Spanish by Accept-Language, the cookie, or ?lang= (which sets the cookie)', async () => {
    const byHeader = await raw('/login', { headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(byHeader.text).toMatch(/<html lang="es">/);
    expect(byHeader.text).toContain('<title>Iniciar sesión · Pain Lab</title>');
    expect(byHeader.text).toContain('>Correo electrónico o teléfono</label>');
    expect(byHeader.text).toContain('>Contraseña</label>');

    const byCookie = await raw('/login', {
      headers: { 'accept-language': 'en', cookie: 'painlab_lang=es' },
    });
    expect(byCookie.text).toMatch(/<html lang="es">/);

    const byQuery = await raw('/login?lang=en', { headers: { cookie: 'painlab_lang=es' } });
    expect(byQuery.text).toMatch(/<html lang="en">/);
    expect(setCookies(byQuery).some((c) => /^painlab_lang=en;.*Path=\//.test(c))).toBe(true);
  });

  it('puts the island props in the page as JSON that cannot close the script', async () => {
    const res = await raw(`/login?redirect=${encodeURIComponent('/patients?q=</script><b>')}`);
    const json = /<script type="application\/json" data-island-props>(.*?)<\/script>/s.exec(
      res.text,
    )?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain('<');
    const props = JSON.parse(json!) as { returnTo: string; lang: string };
    expect(props.returnTo).toBe('/patients?q=%3C/script%3E%3Cb%3E');
    expect(props.lang).toBe('en');
  });

  it('keeps only a path of this site as the return target', async () => {
    for (const unsafe of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/.//evil.example',
      'javascript:alert(1)',
      '/login',
      '/api/me',
    ]) {
      const res = await raw(`/login?redirect=${encodeURIComponent(unsafe)}`);
      expect(res.status, unsafe).toBe(200);
      expect(res.text, unsafe).toContain('"returnTo":null');
      expect(res.text, unsafe).not.toContain('name="redirect"');
    }
    const safe = await raw(`/login?redirect=${encodeURIComponent('/patients/42?tab=plan#notes')}`);
    expect(safe.text).toContain(
      '<input type="hidden" name="redirect" value="/patients/42?tab=plan#notes"/>',
    );
  });

  it('compresses (brotli, gzip), with an ETag and 304', async () => {
    const br = await raw('/login', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(br.text.length / 2);
    const gz = await raw('/login', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(br.text);
    const plain = await raw('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(br.text);

    const etag = br.headers.etag!;
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await raw('/login', {
      headers: { 'accept-encoding': 'gzip, br', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // another language is another page
    const spanish = await raw('/login', {
      headers: { 'accept-encoding': 'gzip, br', 'if-none-match': etag, 'accept-language': 'es' },
    });
    expect(spanish.status).toBe(200);
  });

  it('sends a signed-in visitor to the dashboard, or to the checked return target', async () => {
    const client = await server.signIn(DEMO.specialist);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await raw('/login', { headers: { cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/dashboard');
    const back = await raw('/login?redirect=%2Fpatients', { headers: { cookie } });
    expect(back.headers.location).toBe('/patients');
    const evil = await raw('/login?redirect=%2F%2Fevil.example', { headers: { cookie } });
    expect(evil.headers.location).toBe('/dashboard');
    // dot segments that the URL parser resolves to `//evil.example`
    const dotted = await raw('/login?redirect=%2F.%2F%2Fevil.example', { headers: { cookie } });
    expect(dotted.headers.location).toBe('/dashboard');
    // a cookie that names no session: the page
    const stale = await raw('/login', { headers: { cookie: 'painlab.session_token=nope.nope' } });
    expect(stale.status).toBe(200);
  });
});

describe('POST /api/site/login (the form without JavaScript)', () => {
  it('signs in: 303 to the target with the session cookie, which then works', async () => {
    const res = await postForm({
      email: DEMO.user,
      password: DEMO_PASSWORD,
      redirect: '/my-record',
      lang: 'es',
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/my-record');
    const cookie = sessionCookie(res);
    expect(cookie).toBeDefined();
    expect(setCookies(res).some((c) => c.startsWith('painlab_signed_in=1;'))).toBe(true);
    const me = await raw('/api/me', { headers: { cookie: cookie! } });
    expect(me.status).toBe(200);
    expect(JSON.parse(me.text).user.email).toBe(DEMO.user);
    const rows = await server.sql<{ outcome: string; actor_user_id: string | null }>(
      "select outcome, actor_user_id from audit_log where action = 'auth.sign_in' order by id desc limit 1",
    );
    expect(rows[0]).toMatchObject({ outcome: 'success' });
    expect(rows[0]!.actor_user_id).not.toBeNull();
  });

  it('ignores an unsafe target: on to the dashboard', async () => {
    for (const redirect of ['//evil.example', 'https://evil.example/x', '/\\evil.example']) {
      const res = await postForm({ email: DEMO.user, password: DEMO_PASSWORD, redirect });
      expect(res.status, redirect).toBe(303);
      expect(res.headers.location, redirect).toBe('/dashboard');
    }
  });

  it('a wrong password: the page again with the translated refusal, audited as the JSON sign-in', async () => {
    const res = await postForm({
      email: DEMO.researcher,
      password: 'definitely-not-it',
      redirect: '/patients',
      lang: 'es',
    });
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(sessionCookie(res)).toBeUndefined();
    expect(res.text).toMatch(/<html lang="es">/);
    expect(res.text).toMatch(/role="alert"[^>]*>Correo electrónico o contraseña incorrectos\.</);
    // what was typed comes back, except the password; the target is kept
    expect(res.text).toContain(`value="${DEMO.researcher}"`);
    expect(res.text).not.toContain('definitely-not-it');
    expect(res.text).toContain('name="redirect" value="/patients"');
    const [row] = await server.sql<{
      outcome: string;
      details: Record<string, unknown>;
      actor_user_id: string | null;
    }>(
      "select outcome, details, actor_user_id from audit_log where action = 'auth.sign_in' order by id desc limit 1",
    );
    expect(row).toMatchObject({ outcome: 'failure', actor_user_id: null });
    expect(row!.details).toMatchObject({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' });
    expect(row!.details.subject).toMatch(/^[0-9a-f]{16}$/);
  });

  it('counts failures with the JSON sign-in: the account locks, and the page says how long to wait', async () => {
    const email = DEMO.admin;
    // RATE_LIMIT_ACCOUNT_FAILURES=3: two through JSON, one through the form
    for (let i = 0; i < 2; i++) {
      const json = await server
        .client()
        .post('/api/auth/sign-in/email', { email, password: `wrong-${i}-xx` });
      expect(json.status).toBe(401);
    }
    const third = await postForm({ email, password: 'wrong-2-xx' });
    expect(third.status).toBe(401);
    const locked = await postForm({ email, password: DEMO_PASSWORD });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(sessionCookie(locked)).toBeUndefined();
    expect(locked.text).toMatch(
      /role="alert"[^>]*>Too many failed sign-ins for this account\. [^<]* You can try again in \d+ s\.</,
    );
    // and the JSON sign-in is refused as well
    const json = await server
      .client()
      .post('/api/auth/sign-in/email', { email, password: DEMO_PASSWORD });
    expect(json.status).toBe(429);
    await server.sql('delete from auth_throttle');
  });

  it('checks the form as the page script does, without asking better-auth', async () => {
    const before = await server.sql<{ n: string }>(
      "select count(*)::text as n from audit_log where action = 'auth.sign_in'",
    );
    const res = await postForm({ email: 'not-an-email', password: '' });
    expect(res.status).toBe(400);
    expect(res.text).toMatch(/id="login-email-error"[^>]*>Invalid email address</);
    expect(res.text).toMatch(/id="login-password-error"[^>]*>This field is required\.</);
    expect(res.text).toContain('aria-invalid="true"');
    const after = await server.sql<{ n: string }>(
      "select count(*)::text as n from audit_log where action = 'auth.sign_in'",
    );
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses a foreign origin (403) and an undeclared content type (415)', async () => {
    const foreign = await postForm(
      { email: DEMO.user, password: DEMO_PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect(sessionCookie(foreign)).toBeUndefined();
    const crossSite = await raw('/api/site/login', {
      method: 'POST',
      headers: {
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form({ email: DEMO.user, password: DEMO_PASSWORD }),
    });
    expect(crossSite.status).toBe(403);
    const text = await raw('/api/site/login', {
      method: 'POST',
      headers: { origin: server.url, 'content-type': 'text/plain' },
      body: form({ email: DEMO.user, password: DEMO_PASSWORD }),
    });
    expect(text.status).toBe(415);
  });
});
