import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail, ROLES, storageStateFor } from './support/accounts';
import { expectLoginNotice, expectToast, fillSignIn, LOGIN_URL } from './support/helpers';
import { denialMessage, mayOpen, SIGNED_IN_ROUTES } from './support/spec-routes';

test.describe('signed out', () => {
  test('every signed-in route sends the visitor to /login with a notice', async ({ page }) => {
    test.setTimeout(240_000);
    for (const route of SIGNED_IN_ROUTES) {
      await page.goto(route.url);
      await expect(page, route.url).toHaveURL(LOGIN_URL);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      // the sign-in page is a site page (a full page load): it shows the notice itself
      await expectLoginNotice(page, 'Authentication required. Please log in to continue.');
    }
  });

  test('after sign-in the visitor returns to the page they asked for', async ({ page }) => {
    await page.goto('/patients/42/cancer-protocol?tab=plan#notes');
    await expect(page).toHaveURL(
      `/login?redirect=${encodeURIComponent('/patients/42/cancer-protocol?tab=plan#notes')}`,
    );
    await expectLoginNotice(page, 'Authentication required. Please log in to continue.');
    await fillSignIn(page, demoEmail('specialist'), DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/patients\/42\/cancer-protocol\?tab=plan#notes$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Patient cancer protocol' }),
    ).toBeVisible();
    await expectToast(page, 'Successfully signed in!');
  });

  test('without an origin, sign-in lands on the dashboard', async ({ page }) => {
    await page.goto('/login');
    await fillSignIn(page, demoEmail('user'), DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('public pages stay open', async ({ page }) => {
    for (const url of [
      '/',
      '/index',
      '/servicios/terapia-dolor-cronico',
      '/blog/que-es-el-dolor-cronico',
      '/especialistas/marta-castillo',
      '/contacto',
      '/taller',
    ]) {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page, url).toHaveURL(new RegExp(`${url.replace(/[/]/g, '\\/')}$`));
    }
  });
});

for (const role of ROLES) {
  test.describe(`as ${role}`, () => {
    test.use({ storageState: storageStateFor(role) });

    test('each signed-in route opens or redirects to /dashboard as SPEC §2 says', async ({
      page,
    }) => {
      // ~40 full page loads, each waiting for its data (data-first routes): generous on two cores
      test.setTimeout(240_000);
      for (const route of SIGNED_IN_ROUTES) {
        await page.goto(route.url);
        if (mayOpen(route, role)) {
          await expect(
            page.getByRole('heading', { level: 1, name: route.title }),
            route.url,
          ).toBeVisible({ timeout: 15_000 });
          expect(new URL(page.url()).pathname, route.url).toBe(route.url);
        } else {
          await expect(page, route.url).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
          await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
            timeout: 15_000,
          });
          await expectToast(page, denialMessage(route));
        }
      }
    });
  });
}

test.describe('denial notices', () => {
  test.use({ storageState: storageStateFor('user'), locale: 'es-ES' });

  test('the role notice reads as in the spec, in Spanish', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
    await page.goto('/patients');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(
      page,
      'Acceso denegado. Necesitas uno de estos roles: administrador, especialista',
    );
  });
});

test.describe('unknown paths', () => {
  test('show the not-found page, signed in or not', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
    await page.goto('/dashboards');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });
});
