/**
 * Screenshots of each shell page at 1280 px and 390 px, for people to look at:
 * written to apps/web/test-results/screenshots/ (not in git).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { ROLES, storageStateFor, type Role } from './support/accounts';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(here, '..', 'test-results', 'screenshots');
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

async function shoot(page: Page, name: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(250);
    await page.screenshot({
      path: path.join(OUT, `${name}-${size.width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  }
}

test.describe('signed out', () => {
  test('landing, login, register, 404, error screen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot(page, 'landing');
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await shoot(page, 'login');
    // in Spanish on a phone (a site page: the server renders the language asked for)
    await page.goto('/login?lang=es');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(OUT, 'login-es-390.png'), fullPage: true });
    // back to a visitor with no choice made (`?lang=` is kept in the cookie and local storage)
    await page.context().clearCookies({ name: 'painlab_lang' });
    await page.evaluate(() => localStorage.removeItem('i18nextLng'));
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await shoot(page, 'register');
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await shoot(page, 'not-found');
    await page.route('**/api/me', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"code":"service_unavailable","message":"down"}}',
      }),
    );
    await page.route('**/api/health', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":{"code":"service_unavailable","message":"down"}}',
      }),
    );
    await page.goto('/dashboard');
    await expect(page.getByText("We're having trouble connecting to our servers.")).toBeVisible({
      timeout: 10_000,
    });
    await shoot(page, 'application-error');
  });
});

for (const role of ROLES as Role[]) {
  test.describe(`as ${role}`, () => {
    test.use({ storageState: storageStateFor(role) });

    test(`dashboard of ${role}`, async ({ page }) => {
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await shoot(page, `dashboard-${role}`);
      if (role === 'admin') {
        await page.goto('/reports');
        await expect(page.getByText('This module is not yet available')).toBeVisible();
        await shoot(page, 'module-unavailable');
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.locator('button[aria-controls="app-sidebar"]').click();
        await expect(page.locator('#app-sidebar')).toHaveAttribute('data-state', 'closed');
        await page.waitForTimeout(300);
        await page.screenshot({
          path: path.join(OUT, 'sidebar-rail-1280.png'),
          animations: 'disabled',
        });
        await page.evaluate(() => localStorage.setItem('i18nextLng', 'es'));
        await page.goto('/dashboard');
        await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
        await page.screenshot({
          path: path.join(OUT, 'dashboard-admin-es-1280.png'),
          fullPage: true,
          animations: 'disabled',
        });
        await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto('/dashboard');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.locator('#app-sidebar')).toBeVisible();
        await page.waitForTimeout(300);
        await page.screenshot({
          path: path.join(OUT, 'sidebar-open-390.png'),
          animations: 'disabled',
        });
      }
    });
  });
}
