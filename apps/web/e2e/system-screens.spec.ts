import { expect, test } from '@playwright/test';
import { storageStateFor } from './support/accounts';
import { createUser, expectToast, signInViaUi } from './support/helpers';

const UNAVAILABLE = {
  status: 503,
  contentType: 'application/json',
  body: JSON.stringify({
    error: {
      code: 'service_unavailable',
      message: "We're having trouble connecting to our servers. This might be a temporary issue.",
    },
  }),
};

test.describe('loading screen', () => {
  test.use({ storageState: storageStateFor('admin') });

  test('says "Loading your dashboard..." until the user is known, without redirecting', async ({
    page,
  }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/me', async (route) => {
      await held;
      await route.continue();
    });
    // a screen without a data module (one with a route loader waits in the router's own fallback)
    await page.goto('/reports');
    await expect(page.getByText('Loading your dashboard...')).toBeVisible();
    await expect(page).toHaveURL(/\/reports$/);
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  });
});

test.describe('application-error screen', () => {
  test.use({ storageState: storageStateFor('admin') });

  test('appears when the user cannot be looked up, checks the connection and recovers', async ({
    page,
  }) => {
    await page.route('**/api/me', (route) => route.fulfill(UNAVAILABLE));
    await page.route('**/api/health', (route) => route.fulfill(UNAVAILABLE));
    const logged = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/client-logs') &&
        (r.request().postData() ?? '').includes('Application error'),
      { timeout: 15_000 },
    );

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Application Error' })).toBeVisible({
      timeout: 10_000,
    });
    await expect(
      page.getByText("Something went wrong. We're sorry for the inconvenience."),
    ).toBeVisible();
    await expect(page.getByText('An error occurred while loading data')).toBeVisible();
    await expectToast(
      page,
      "Error checking permissions: We're having trouble connecting to our servers.",
    );
    await expect(page.getByRole('status')).toHaveText(
      "We're having trouble connecting to our servers. This might be a temporary issue.",
    );

    const details = page.getByRole('button', { name: 'Show Error Details' });
    await details.click();
    await expect(page.getByRole('button', { name: 'Hide Error Details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.locator('pre')).toContainText('ApiError');
    await page.getByRole('button', { name: 'Hide Error Details' }).click();
    await expect(page.locator('pre')).toBeHidden();

    // The error is reported to the server log (no patient data: message and whitelisted context).
    const response = await logged;
    expect(response.status()).toBe(204);
    const body = JSON.parse(response.request().postData() ?? '{}') as {
      entries: { message: string; path?: string }[];
    };
    expect(
      body.entries.some((e) => e.message === 'Application error' && e.path === '/dashboard'),
    ).toBe(true);

    // The server is back: Try Again picks up where the user was.
    await page.unroute('**/api/me');
    await page.unroute('**/api/health');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('reports a healthy connection after "Checking database connection..."', async ({ page }) => {
    await page.clock.install();
    await page.route('**/api/me', (route) => route.fulfill(UNAVAILABLE));
    await page.route('**/api/health', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.goto('/settings');
    await expect(page.getByText('Checking database connection...')).toBeVisible({
      timeout: 10_000,
    });
    await expect(page.getByText('The servers and the database are reachable.')).toBeVisible();

    // The page reloads 600 ms after the toast: the page's clock is held and stepped, so a busy machine
    // cannot reload it before the toast is seen.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('button', { name: 'Refresh Page' }).click();
    await page.clock.runFor(100);
    await expectToast(page, 'Refreshing application...');
    const reloaded = page.waitForEvent('load');
    await page.clock.runFor(1_000);
    await reloaded;
  });

  test('appears when part of the app cannot be loaded; Go to Home Page leaves it', async ({
    page,
  }) => {
    await page.route(/\/assets\/my-plan-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.locator('#app-sidebar').getByRole('link', { name: 'My plan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Application Error' })).toBeVisible();
    await expect(page.getByText('Part of the application could not be loaded.')).toBeVisible();
    await page.getByRole('button', { name: 'Go to Home Page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Chronic and emotional pain, treated as a whole',
    );
  });

  test.describe('log out', () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    test('Log Out signs the user out from the error screen', async ({ page, request }) => {
      const account = await createUser(request);
      await signInViaUi(page, account.email, account.password);
      await page.route('**/api/me', (route) => route.fulfill(UNAVAILABLE));
      await page.goto('/messages');
      await expect(page.getByRole('heading', { level: 1, name: 'Application Error' })).toBeVisible({
        timeout: 10_000,
      });
      await page.getByRole('button', { name: 'Log Out' }).click();
      await expect(page).toHaveURL(/\/$/);
      // the home page is the server's: it says so once (SPEC §8's text for this screen)
      await expect(
        page.getByRole('status').filter({ hasText: 'Logged out successfully' }),
      ).toBeVisible();
      await page.unroute('**/api/me');
      await page.goto('/messages');
      await expect(page).toHaveURL('/login?redirect=%2Fmessages');
    });
  });
});

test.describe('render-failure screen', () => {
  test.use({ storageState: storageStateFor('researcher') });

  test('takes over when even the error screen cannot be loaded', async ({ page }) => {
    await page.route('**/api/me', (route) => route.fulfill(UNAVAILABLE));
    await page.route(/\/assets\/application-error-route-[\w-]+\.js$/, (route) => route.abort());
    const logged = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/client-logs') &&
        (r.request().postData() ?? '').includes('Render failure'),
      { timeout: 15_000 },
    );
    await page.goto('/research');
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible(
      { timeout: 10_000 },
    );
    await expect(page.getByRole('alert')).toContainText(
      /dynamically imported module|Importing a module script failed/,
    );
    const response = await logged;
    expect(response.status()).toBe(204);
    const entry = (
      JSON.parse(response.request().postData() ?? '{}') as {
        entries: { message: string; context?: Record<string, unknown> }[];
      }
    ).entries.find((e) => e.message === 'Render failure');
    expect(entry?.context).toHaveProperty('componentStack');
    expect(entry?.context).toHaveProperty('stack');

    await page.unroute('**/api/me');
    await page.unroute(/\/assets\/application-error-route-[\w-]+\.js$/);
    await page.getByRole('button', { name: 'Reload page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'AI research' })).toBeVisible();
  });
});

test.describe('not-found page', () => {
  test('has its own title and a way home', async ({ page }) => {
    await page.goto('/nothing-here');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found · Pain Lab');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
