import { expect, test } from '@playwright/test';
import { BASE_URL } from './support/helpers';

test.describe('service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('/sw.js is registered on load and precaches only static assets', async ({ page }) => {
    await page.goto('/');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${BASE_URL}/`);
    const cachedUrls = () =>
      page.evaluate(async () => {
        const all: string[] = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          all.push(...(await cache.keys()).map((r) => new URL(r.url).pathname));
        }
        return all;
      });
    await expect.poll(cachedUrls).toContain('/index.html');
    const urls = await cachedUrls();
    expect(urls.some((u) => u.startsWith('/api/'))).toBe(false);
    expect(urls.every((u) => /\.(js|css|svg|png|woff2|ico|html|webmanifest)$/.test(u))).toBe(true);
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
        if (data instanceof Blob) void data.text().then((body) => sent.push({ url: String(url), body }));
        return original(url, data);
      };
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Services' }).first().click();
    await page.waitForTimeout(1500);
    const request = page.waitForRequest((r) => r.url().endsWith('/api/vitals') && r.method() === 'POST');
    // The page is hidden (as when the user switches tabs): the metrics go out with sendBeacon.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await request;
    const beacons = await page.evaluate(() => (window as unknown as { __beacons: { url: string; body: string }[] }).__beacons);
    const vitals = beacons.filter((b) => b.url.endsWith('/api/vitals'));
    expect(vitals.length).toBeGreaterThan(0);
    const metrics = vitals.flatMap((b) => (JSON.parse(b.body) as { metrics: { name: string; path: string; rating: string }[] }).metrics);
    expect(metrics.length).toBeGreaterThan(0);
    for (const m of metrics) {
      expect(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']).toContain(m.name);
      expect(m.path).toBe('/');
      expect(['good', 'needs-improvement', 'poor']).toContain(m.rating);
    }
  });
});
