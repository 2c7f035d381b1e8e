/**
 * Issue 8, the web app's loading path: the sign-in screen loads only what it runs, the first
 * screen's translations are requested beside the entry (not after it), a route's data leaves with
 * the click (not after the code), and intent (hover) loads code but never a patient's record.
 */
import fs from 'node:fs';
import { expect, test, type Page, type Request } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { createPatient, uniqueWord } from './support/patients';

const scriptBodies = async (page: Page, path: string) => {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') urls.push(r.url());
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return Promise.all(
    urls.map(async (url) => ({ url, body: await (await page.request.get(url)).text() })),
  );
};

const isPath = (pathname: string | RegExp) => (r: Request) => {
  const actual = new URL(r.url()).pathname;
  return typeof pathname === 'string' ? actual === pathname : pathname.test(actual);
};

test('/login loads neither zod nor the better-auth client, nor any of the web app', async ({
  page,
}) => {
  const scripts = await scriptBodies(page, '/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const { url, body } of scripts) {
    expect(body.includes('$ZodType'), `zod in ${url}`).toBe(false);
    expect(body.includes('get-session'), `better-auth client in ${url}`).toBe(false);
    expect(body.includes('react.transitional.element'), `React in ${url}`).toBe(false);
  }
  // a site page (docs/decisions/0012): only files of the site script's own graph, none of the app's
  const manifest = JSON.parse(
    fs.readFileSync(new URL('../dist/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;
  const siteFiles = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || siteFiles.has(chunk.file)) return;
    siteFiles.add(chunk.file);
    [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])].forEach(walk);
  };
  walk('src/site/client.ts');
  for (const { url } of scripts) expect(siteFiles, url).toContain(new URL(url).pathname.slice(1));
});

test.describe('start-up translations', () => {
  test.use({ locale: 'es-ES' });

  test("the visitor's language is requested while the entry script is still on its way", async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The app's entry is held back: without the boot script, no translation is asked for until it has run.
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const spanish = page.waitForRequest(isPath(/\/assets\/locale-es-[\w-]+\.js$/), {
      timeout: 20_000,
    });
    // (a public page of the app: / and /login are site pages that load no translation file at all)
    const visit = page.goto('/register');
    await spanish;
    release();
    await visit;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crear una cuenta');
  });
});

test.describe('as a specialist', () => {
  test.use({ storageState: storageStateFor('specialist') });

  test('"Patient management": the list request leaves before the screen\'s code has arrived', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    const link = page.getByRole('link', { name: 'Patient management', exact: true }).first();
    await expect(link).toBeVisible();
    await page.waitForLoadState('networkidle');

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/patient-list-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const list = page.waitForRequest(isPath('/api/patients'), { timeout: 20_000 });
    await link.click();
    // Before issue 8 the request waited for the code: this timed out.
    await list;
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Patient management' })).toBeVisible();
  });

  test('hovering a link loads its screen; hovering a patient loads the chart code, never the record', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await createPatient(page, { name: `Hover ${uniqueWord()}` });
    const link = page.getByRole('link', { name: 'Patient management', exact: true }).first();
    await expect(link).toBeVisible();
    await page.waitForLoadState('networkidle');

    const code = page.waitForRequest(isPath(/\/assets\/patient-list-[\w-]+\.js$/), {
      timeout: 20_000,
    });
    await link.hover();
    await code;

    await link.click();
    const firstRow = page.locator('tbody tr[data-patient-id] a').first();
    await expect(firstRow).toBeVisible();
    const records: string[] = [];
    page.on('request', (r) => {
      if (/^\/api\/patients\/[^/]+$/.test(new URL(r.url()).pathname)) records.push(r.url());
    });
    const chartCode = page.waitForRequest(isPath(/\/assets\/patient-chart-[\w-]+\.js$/), {
      timeout: 20_000,
    });
    await firstRow.hover();
    await chartCode;
    await page.waitForTimeout(500);
    expect(records).toEqual([]); // a read of a record is an audited access: only on opening it

    await firstRow.click();
    await expect.poll(() => records.length).toBe(1);
  });
});
