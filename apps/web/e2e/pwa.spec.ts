import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { BASE_URL } from './support/helpers';

/** The built web app: the chunks a route module pulls in, from Vite's build manifest. */
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist');
type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
};

function closure(manifest: Record<string, ManifestChunk>, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  roots.forEach(visit);
  return new Set(
    [...seen].flatMap((k) => [manifest[k]!.file, ...(manifest[k]!.css ?? [])]).map((f) => `/${f}`),
  );
}

/** Files only the signed-in area loads: its route modules and their imports, minus what public pages share. */
function signedInChunks(): Set<string> {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const keys = Object.keys(manifest);
  const signedIn = closure(
    manifest,
    keys.filter((k) => manifest[k]!.src?.startsWith('src/app/routes/app/')),
  );
  // what a public page may load: the entry, the sign-in screens and the public shell's lazy pages
  const shared = closure(
    manifest,
    keys.filter(
      (k) =>
        manifest[k]!.isEntry ||
        manifest[k]!.src?.startsWith('src/app/routes/auth/') ||
        manifest[k]!.src?.startsWith('src/app/routes/public/'),
    ),
  );
  return new Set([...signedIn].filter((f) => !shared.has(f)));
}

/** index.html and the files it links: the public shell. */
function shellFiles(): Set<string> {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  return new Set([
    '/index.html',
    ...[...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!),
  ]);
}

test.describe('service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a first visit to a page of the app registers the service worker without fetching signed-in chunks', async ({
    page,
    context,
  }) => {
    const signedIn = signedInChunks();
    expect(signedIn.size).toBeGreaterThan(5); // the patients screens, the app layout, …
    // every request of the page and of its service worker
    const requested: string[] = [];
    context.on('request', (r) => {
      const url = new URL(r.url());
      if (url.origin === BASE_URL) requested.push(url.pathname);
    });
    await page.goto('/register'); // a page of the app, which registers the worker
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${BASE_URL}/`);
    const cached = () =>
      page.evaluate(async () => {
        const all: { cache: string; path: string }[] = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          all.push(
            ...(await cache.keys()).map((r) => ({ cache: name, path: new URL(r.url).pathname })),
          );
        }
        return all;
      });
    await expect.poll(async () => (await cached()).map((c) => c.path)).toContain('/index.html');
    await page.waitForTimeout(1500); // whatever the installed worker would fetch next
    const entries = await cached();

    expect(requested.filter((p) => signedIn.has(p))).toEqual([]);
    expect(entries.filter((e) => signedIn.has(e.path))).toEqual([]);
    expect(entries.filter((e) => e.path.startsWith('/api/'))).toEqual([]);
    // the precache holds the public shell only: index.html, what it links, the icon and the manifest
    const shell = shellFiles();
    const precached = entries.filter((e) => e.cache.includes('precache')).map((e) => e.path);
    expect(precached.filter((p) => !shell.has(p))).toEqual([]);
  });

  test('with the worker installed, /login and the public site are still server-rendered (never the app shell)', async ({
    page,
  }) => {
    await page.goto('/register');
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    await page.reload(); // now controlled by the worker
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const response = await page.goto('/login');
    expect(response?.fromServiceWorker()).toBe(false); // not the worker's navigation fallback
    await expect(page.locator('[data-island="login"][data-hydrated]')).toBeAttached();
    await expect(page.locator('#root')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    for (const path of ['/', '/blog/que-es-el-dolor-cronico', '/taller', '/taller-USA']) {
      const site = await page.goto(path);
      expect(site?.fromServiceWorker(), path).toBe(false);
      await expect(page.locator('[data-island="site-nav"]')).toBeAttached();
      await expect(page.locator('#root')).toHaveCount(0);
    }
  });
});

test.describe('monitoring', () => {
  test('web vitals are sent to /api/vitals when the page is hidden', async ({ page }) => {
    // Keep a copy of what the page hands to sendBeacon (the browser does not expose beacon bodies).
    await page.addInitScript(() => {
      const original = navigator.sendBeacon.bind(navigator);
      const sent: { url: string; body: string }[] = [];
      (window as unknown as { __beacons: typeof sent }).__beacons = sent;
      navigator.sendBeacon = (url, data) => {
        if (data instanceof Blob)
          void data.text().then((body) => sent.push({ url: String(url), body }));
        return original(url, data);
      };
    });
    await page.goto('/register');
    await page.getByRole('textbox').first().click();
    await page.waitForTimeout(1500);
    const request = page.waitForRequest(
      (r) => r.url().endsWith('/api/vitals') && r.method() === 'POST',
    );
    // The page is hidden (as when the user switches tabs): the metrics go out with sendBeacon.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await request;
    // The copy is pushed once the Blob's text is read, which can finish after the request left.
    const readBeacons = () =>
      page.evaluate(() =>
        (window as unknown as { __beacons: { url: string; body: string }[] }).__beacons.filter(
          (b) => b.url.endsWith('/api/vitals'),
        ),
      );
    await expect.poll(async () => (await readBeacons()).length).toBeGreaterThan(0);
    const vitals = await readBeacons();
    const metrics = vitals.flatMap(
      (b) =>
        (JSON.parse(b.body) as { metrics: { name: string; path: string; rating: string }[] })
          .metrics,
    );
    expect(metrics.length).toBeGreaterThan(0);
    for (const m of metrics) {
      expect(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']).toContain(m.name);
      expect(m.path).toBe('/register');
      expect(['good', 'needs-improvement', 'poor']).toContain(m.rating);
    }
  });
});
