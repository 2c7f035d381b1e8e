/**
 * Idle sign-out (issue 9): the page's clock is installed and moved forward. A minute before the
 * idle limit a dialog asks "Stay signed in" / "Sign out" — an alertdialog with the focus on "Stay
 * signed in", answered with the keyboard; input keeps the user signed in; at the limit the session
 * ends (the server refuses it) and the sign-in page says why. Both languages, 390 px, axe.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { BASE_URL, createUser, expectLoginNotice, LOGIN_URL } from './support/helpers';

async function signedIn(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) {
  const setup = await browser.newContext();
  const account = await createUser((await setup.newPage()).request);
  await setup.close();
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.clock.install();
  const signIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: account.email, password: account.password },
    headers: { Origin: BASE_URL },
  });
  expect(signIn.ok()).toBe(true);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return { context, page };
}

/** Runs `act` and waits for the /api/me it causes (the server's expiry, read again). */
async function withViewerRefresh(page: Page, act: () => Promise<unknown>) {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me');
  await act();
  await answered;
}

test('warned a minute before, stays signed in with the keyboard, then is signed out at the limit', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { context, page } = await signedIn(browser, { viewport: { width: 1280, height: 900 } });
  const dialog = page.getByRole('alertdialog', { name: 'Are you still there?' });

  // input keeps the user signed in: 20 minutes, a key, then 28:15 more — a minute before the
  // server's own expiry (30 minutes after sign-in) the app asks /api/me again, which pushes it
  await page.clock.fastForward('20:00');
  await page.keyboard.press('Shift');
  await page.clock.fastForward('08:30');
  await withViewerRefresh(page, () => page.clock.fastForward('00:45'));
  await page.clock.fastForward('19:00');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);

  // 29 minutes without input: the warning, focus on "Stay signed in"
  await page.clock.fastForward('00:50');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You have not used Pain Lab for 30 minutes');
  await expect(dialog.getByRole('timer')).toContainText(/Signing out in 0:\d\d/);
  await expect(dialog.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/idle-warning-desktop-en.png' });
  await withViewerRefresh(page, () => page.keyboard.press('Enter'));
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard$/);

  // again, and this time no answer: signed out at the limit, and told why
  await page.clock.fastForward('29:01');
  await expect(dialog).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(LOGIN_URL);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
  await expectLoginNotice(page, 'You were signed out because you were inactive for too long.');
  expect((await page.request.get('/api/me')).status()).toBe(401);
  await page.screenshot({ path: 'test-results/idle-signed-out-en.png' });
  await context.close();
});

test('in Spanish on a phone: the warning reads in Spanish, passes axe, and "Cerrar sesión" signs out', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const { context, page } = await signedIn(browser, {
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
  });
  await page.clock.fastForward('29:01');
  const dialog = page.getByRole('alertdialog', { name: '¿Sigues ahí?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('No has usado Pain Lab en 30 minutos');
  await expect(dialog.getByRole('timer')).toContainText(/La sesión se cerrará en 0:\d\d/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/idle-warning-phone-es.png' });
  // Escape is the safe answer: it keeps the session
  await withViewerRefresh(page, () => page.keyboard.press('Escape'));
  await expect(dialog).toBeHidden();
  await page.clock.fastForward('29:01');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);
  await context.close();
});
