import { expect, test, type Page } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { expectToast } from './support/helpers';

const sidebar = (page: Page) => page.locator('#app-sidebar');
const toggle = (page: Page) => page.locator('button[aria-controls="app-sidebar"]');
const group = (page: Page, name: string) =>
  sidebar(page).getByRole('button', { name, exact: true });

test.describe('desktop sidebar (admin)', () => {
  test.use({ storageState: storageStateFor('admin') });

  test.beforeEach(async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('shows brand, dashboard link, groups, settings, sign-out and copyright', async ({
    page,
  }) => {
    const nav = sidebar(page);
    await expect(nav.getByTestId('sidebar-brand')).toHaveText('Pain Lab');
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    for (const name of ['Core features', 'Treatments', 'AI tools', 'Administration']) {
      await expect(group(page, name)).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(nav.getByText(`© ${new Date().getFullYear()} Pain Lab`)).toBeVisible();
  });

  test('groups open and close independently; several may be open', async ({ page }) => {
    const treatments = group(page, 'Treatments');
    const ai = group(page, 'AI tools');
    const admin = group(page, 'Administration');
    await expect(group(page, 'Core features')).toHaveAttribute('aria-expanded', 'true');
    await expect(treatments).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar(page).getByRole('link', { name: 'Pain psychology' })).toBeHidden();

    await treatments.click();
    await ai.click();
    await admin.click();
    for (const g of [treatments, ai, admin, group(page, 'Core features')]) {
      await expect(g).toHaveAttribute('aria-expanded', 'true');
    }
    await expect(sidebar(page).getByRole('link', { name: 'Pain psychology' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Smart search' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Audit logs' })).toBeVisible();

    await ai.click();
    await expect(ai).toHaveAttribute('aria-expanded', 'false');
    await expect(treatments).toHaveAttribute('aria-expanded', 'true');
    await expect(sidebar(page).getByRole('link', { name: 'Smart search' })).toBeHidden();
  });

  test('each navigation shows "Navigating to …"', async ({ page }) => {
    await sidebar(page).getByRole('link', { name: 'Appointments', exact: true }).click();
    await expect(page).toHaveURL(/\/appointments$/);
    await expectToast(page, 'Navigating to Appointments');
    await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book appointment' })).toBeVisible();
  });

  test('the toggle button collapses and expands it', async ({ page }) => {
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'closed');
    // Collapsed to an icon rail: links keep their names.
    await expect(sidebar(page).getByRole('link', { name: 'Audit logs' })).toBeVisible();
    await toggle(page).click();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'open');
  });

  // SPEC §2 "closes on outside click/Escape" is the mobile drawer; the desktop sidebar stays as left.
  test('Escape and clicks in the page leave it as it is, expanded or collapsed', async ({
    page,
  }) => {
    await group(page, 'Treatments').focus();
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).click();
    await page.mouse.click(640, 32); // the empty middle of the header
    await expect(sidebar(page)).toHaveAttribute('data-state', 'open');
    await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');

    await toggle(page).click();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'closed');
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).click();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'closed');
  });

  test('it is remembered across navigation and reloads', async ({ page }) => {
    await toggle(page).click();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'closed');
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(sidebar(page)).toHaveAttribute('data-state', 'closed');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'closed');

    await toggle(page).click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'open');
  });
});

for (const role of ['specialist', 'researcher', 'user'] as const) {
  test.describe(`sidebar for ${role}`, () => {
    test.use({ storageState: storageStateFor(role) });

    test('has no admin group and only routes the role can open', async ({ page }) => {
      await page.goto('/dashboard');
      await expect(group(page, 'Core features')).toBeVisible();
      await expect(group(page, 'Administration')).toHaveCount(0);
      await expect(sidebar(page).getByRole('link', { name: 'Audit logs' })).toHaveCount(0);
      if (role === 'specialist') {
        await expect(sidebar(page).getByRole('link', { name: 'Patient management' })).toBeVisible();
        await expect(group(page, 'Treatments')).toBeVisible();
      } else {
        await expect(sidebar(page).getByRole('link', { name: 'Patient management' })).toHaveCount(
          0,
        );
        await expect(group(page, 'Treatments')).toHaveCount(0);
        await expect(sidebar(page).getByRole('link', { name: 'My appointments' })).toBeVisible();
      }
    });
  });
}

test.describe('mobile sidebar (390 px)', () => {
  test.use({ storageState: storageStateFor('specialist'), viewport: { width: 390, height: 844 } });

  test('opens as a drawer, closes with "Cerrar menú", on navigation, Escape and outside click', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'closed');
    await expect(sidebar(page)).toBeHidden();

    const open = page.getByRole('button', { name: 'Abrir menú' });
    await open.click();
    await expect(sidebar(page)).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    const close = page.getByRole('button', { name: 'Cerrar menú' });
    await expect(close).toBeFocused();
    await close.click();
    await expect(sidebar(page)).toBeHidden();

    // Navigation closes it.
    await open.click();
    await sidebar(page).getByRole('link', { name: 'Tareas' }).click();
    await expect(page).toHaveURL(/\/tasks$/);
    await expectToast(page, 'Navegando a Tareas');
    await expect(sidebar(page)).toBeHidden();

    // Escape closes it.
    await open.click();
    await expect(sidebar(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sidebar(page)).toBeHidden();
    await expect(open).toBeFocused();

    // A click outside (on the backdrop) closes it.
    await open.click();
    await expect(sidebar(page)).toBeVisible();
    await page.mouse.click(370, 400);
    await expect(sidebar(page)).toBeHidden();
  });
});
