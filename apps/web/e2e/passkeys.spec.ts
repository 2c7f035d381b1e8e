/**
 * Passkeys (issue 9, ADR 0033) with Chromium's virtual authenticator over CDP (a platform
 * authenticator with resident keys and user verification): a user adds a passkey in /settings,
 * renames it, signs out, signs in with it alone — the session is aal2 — and removes it. WebAuthn
 * needs a domain, not an IP address, as relying party: this spec uses `localhost`, the host of the
 * server's own address (no BASE_URL). The keyboard drives the passkey buttons; axe on each screen.
 */
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { BASE_URL, createUser, fillSignIn, waitForSignInPage } from './support/helpers';

const LOCAL = BASE_URL.replace('127.0.0.1', 'localhost');
const shots = 'test-results/passkeys';

test('add a passkey in /settings, sign out, sign in with it (aal2), rename and remove it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const account = await createUser(page.request);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto(`${LOCAL}/login`);
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('aal-badge')).toContainText('AAL1');

  await page.goto(`${LOCAL}/settings`);
  const card = page.getByTestId('passkeys-card');
  await expect(card.getByText('No passkeys yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(card.getByText('Give the passkey a name.')).toBeVisible();
  await card.getByLabel('Passkey name').fill('Work laptop');
  await card.getByLabel('Passkey name').press('Enter');
  await expect(card.getByTestId('passkey')).toHaveCount(1);
  await expect(card.getByTestId('passkey')).toContainText('Work laptop');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${shots}/settings-passkey.png`, fullPage: true });

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'Successfully signed out' }),
  ).toBeVisible();

  await page.goto(`${LOCAL}/login`);
  await waitForSignInPage(page);
  const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
  await expect(passkeyButton).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await passkeyButton.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('aal-badge')).toContainText('AAL2');
  const me = await page.request.get(`${LOCAL}/api/me`);
  expect((await me.json()).mfa).toMatchObject({ aal: 2, enrolled: true, twoFactor: false });

  // rename and remove (an aal2 session may remove a factor)
  await page.goto(`${LOCAL}/settings`);
  await card.getByRole('button', { name: 'Rename Work laptop' }).click();
  await card.getByLabel('Passkey name').first().fill('Old laptop');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByTestId('passkey')).toContainText('Old laptop');
  await card.getByRole('button', { name: 'Remove Old laptop' }).click();
  await expect(card.getByRole('button', { name: 'Remove passkey' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByText('No passkeys yet.')).toBeVisible();
});
