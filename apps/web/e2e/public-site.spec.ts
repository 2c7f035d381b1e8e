import { expect, test } from '@playwright/test';

test.describe('public site', () => {
  test('the landing page presents the practice; the logo leads to the dashboard', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Pain Lab');
    await expect(page.getByRole('heading', { level: 2, name: 'Services' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Pain Lab: go to your dashboard' }),
    ).toHaveAttribute('href', '/dashboard');
    await page.goto('/index');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Chronic and emotional pain, treated as a whole',
    );
  });

  test('the services menu opens, lists its four pages and closes on Escape', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Site navigation' });
    const services = nav.getByRole('button', { name: 'Services' });
    await services.click();
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    for (const name of [
      'Chronic pain therapy',
      'Stress management workshops',
      'Workshop',
      'Cero Dolor community',
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await services.click();
    await nav.getByRole('link', { name: 'Stress management workshops' }).click();
    await expect(page).toHaveURL(/\/servicios\/talleres-manejo-estres$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Stress management workshops' }),
    ).toBeVisible();
    await expect(page.getByText('This page is being prepared.')).toBeVisible();

    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/#contacto$/);
    await expect(page.locator('#contacto')).toBeInViewport();
  });
});
