/**
 * The shell's notices while they are shown (issue 22 item 19): sonner's rich colours gave every
 * kind of toast text below 4.5:1 on its background (the navigation notice, info, was 4.4:1), and the
 * axe passes ran after the notices had closed. Here a real notice is opened and left fully shown;
 * the same toast is then given each kind and each of sonner's themes, and axe checks its contrast.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { storageStateFor } from './support/accounts';

test.use({ storageState: storageStateFor('admin'), viewport: { width: 1280, height: 800 } });

const KINDS = ['info', 'success', 'warning', 'error'] as const;
const THEMES = ['light', 'dark'] as const;

test('every kind of notice reads at 4.5:1 or more, in both themes, while it is shown', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page
    .locator('#app-sidebar')
    .getByRole('link', { name: 'Appointments', exact: true })
    .click();
  const notice = page.locator('[data-sonner-toast]').filter({ hasText: 'Navigating to' });
  await expect(notice).toBeVisible();
  // fully shown: the enter transition has ended (half-transparent frames are not what anyone reads)
  await expect
    .poll(() => notice.evaluate((el) => getComputedStyle(el).opacity), { timeout: 10_000 })
    .toBe('1');
  // keep it open while it is checked
  await notice.hover();

  const failures: string[] = [];
  const colours = new Set<string>();
  for (const theme of THEMES) {
    for (const kind of KINDS) {
      await page.evaluate(
        ([t, k]) => {
          document.querySelector('[data-sonner-toaster]')!.setAttribute('data-sonner-theme', t!);
          document.querySelector('[data-sonner-toast]')!.setAttribute('data-type', k!);
        },
        [theme, kind],
      );
      // the colour in use is the kind's own (not the page's text colour inherited by mistake)
      const colour = await page
        .locator('[data-sonner-toast] [data-title]')
        .evaluate((el) => getComputedStyle(el).color);
      expect(colour, `${theme} ${kind}`).not.toBe('rgb(15, 23, 42)');
      colours.add(`${theme} ${kind} ${colour}`);
      const results = await new AxeBuilder({ page })
        .include('[data-sonner-toaster]')
        .withRules(['color-contrast'])
        .analyze();
      for (const v of results.violations)
        failures.push(
          `${theme} ${kind}: ${v.nodes.map((n) => n.failureSummary?.split('\n').at(-1)).join('; ')}`,
        );
    }
  }
  expect(failures).toEqual([]);
  // eight different colours: each kind and theme has its own
  expect(new Set([...colours].map((c) => c.split(' ').slice(2).join(' '))).size).toBe(8);
});
