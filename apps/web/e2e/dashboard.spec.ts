import { expect, test } from '@playwright/test';
import { ROLES, storageStateFor } from './support/accounts';
import { expectToast } from './support/helpers';
import { CARDS_BY_ROLE } from './support/spec-routes';

for (const role of ROLES) {
  test.describe(`dashboard of ${role}`, () => {
    test.use({ storageState: storageStateFor(role) });

    test('shows exactly the sections the role may open, by priority', async ({ page }) => {
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      const titles = page.locator('a[data-card] span.font-semibold');
      // Shown grouped (core, treatment, AI, insight), by priority within each group.
      await expect(titles).toHaveText(groupedOrder(CARDS_BY_ROLE[role]));
    });
  });
}

const GROUP_OF: Record<string, number> = {
  Appointments: 0,
  'Patient management': 0,
  'Task list': 0,
  'Treatment plans': 1,
  'TRT management': 1,
  'Pain psychology': 1,
  'Cancer protocol': 1,
  'Classical medicine': 1,
  'AI assistant': 2,
  'Smart search': 2,
  'AI research': 2,
  Analytics: 3,
  Reports: 3,
  'API documentation': 3,
};

/** Cards in priority order → display order (stable sort by group). */
function groupedOrder(byPriority: string[]): string[] {
  return [...byPriority].sort((a, b) => (GROUP_OF[a] ?? 0) - (GROUP_OF[b] ?? 0));
}

test.describe('opening a card', () => {
  test.use({ storageState: storageStateFor('specialist') });

  test('shows its notice and opens its route', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'es'));
    await page.goto('/dashboard');
    await page.locator('a[data-card="appointments"]').click();
    await expect(page).toHaveURL(/\/appointments$/);
    await expectToast(page, 'Abriendo el gestor de citas');
    await expect(page.getByRole('heading', { level: 1, name: 'Citas' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reservar cita' })).toBeVisible();
  });
});
