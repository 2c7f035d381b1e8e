import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail, ROLE_BADGE, ROLES, storageStateFor } from './support/accounts';
import {
  cookieHeader,
  createUser,
  expectLoginNotice,
  expectToast,
  fillSignIn,
  LOGIN_URL,
  signInViaUi,
} from './support/helpers';

test.describe('sign-up and sign-in', () => {
  test('a new user signs up, signs out, then signs in again', async ({ page }) => {
    const unique = `${Date.now().toString(36)}-${test.info().workerIndex}`;
    const email = `new-${unique}@example.test`;
    const password = 'a-long-enough-secret-1';

    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
    await page.getByLabel('Full name').fill('Nora Newcomer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Repeat the password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Your account was created.');
    await expect(page.getByText('Welcome, Nora Newcomer')).toBeVisible();
    await expect(page.getByTestId('role-badge')).toHaveText('Patient');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    // the home page is a server-rendered site page: it says so once (a notice, not a toast)
    await expect(
      page.getByRole('status').filter({ hasText: 'Successfully signed out' }),
    ).toBeVisible();

    await page.goto('/login');
    await fillSignIn(page, email, password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Successfully signed in!');
    await expect(page.getByText('Welcome, Nora Newcomer')).toBeVisible();
  });

  test('registration validates the form, the password rules, and answers a taken email neutrally', async ({
    page,
  }) => {
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Create account' });
    await submit.click();
    await expect(page.getByText('This field is required.')).toHaveCount(2);
    await expect(page.getByText('The password must have at least 12 characters.')).toBeVisible();

    await page.getByLabel('Full name').fill('Someone');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('a-long-enough-secret-1');
    await page.getByLabel('Repeat the password').fill('a-long-enough-secret-1');
    await submit.click();
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email').fill(demoEmail('user'));
    await page.getByLabel('Repeat the password').fill('a-different-secret-22');
    await submit.click();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();

    // a common password is refused with the rule, in English and Spanish
    await page.getByLabel('Email').fill(`rules-${Date.now().toString(36)}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('password1234');
    await page.getByLabel('Repeat the password').fill('password1234');
    await submit.click();
    await expect(page.getByRole('alert')).toContainText('too common');
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('alert')).toContainText('demasiado común');
    await page.getByRole('button', { name: 'English' }).click();

    // a taken e-mail gets the same neutral outcome as a new one (no "already exists")
    await page.getByLabel('Email').fill(demoEmail('user'));
    await page.getByLabel('Password', { exact: true }).fill('a-long-enough-secret-1');
    await page.getByLabel('Repeat the password').fill('a-long-enough-secret-1');
    await submit.click();
    await expect(page).toHaveURL(/\/login$/);
    // the sign-in page (a full page load) shows what the toast said
    await expectLoginNotice(
      page,
      'If this email address did not have an account yet, it has been created. Sign in, or check your email.',
    );
    await expect(page.getByText(/already exists/)).toHaveCount(0);
  });

  test('a wrong password is refused with a translated message', async ({ page }) => {
    await page.goto('/login');
    await fillSignIn(page, demoEmail('admin'), 'definitely-not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await expect(page).toHaveURL(/\/login$/);

    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Correo electrónico o contraseña incorrectos.',
    );
  });

  test('each demo role signs in through the form', async ({ browser }) => {
    // Four sign-ins, each waiting for its dashboard's data before the URL changes (data-first
    // routes): on two loaded cores one role took longer than the default 7 s.
    test.setTimeout(120_000);
    for (const role of ROLES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('/login');
      await fillSignIn(page, demoEmail(role), DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 25_000 });
      await expectToast(page, 'Successfully signed in!');
      await expect(page.getByTestId('role-badge')).toHaveText(ROLE_BADGE[role]);
      await context.close();
    }
  });

  test('the submit button is disabled while signing in', async ({ page }) => {
    await page.route('**/api/auth/sign-in/email', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto('/login');
    await fillSignIn(page, demoEmail('researcher'), DEMO_PASSWORD);
    await expect(page.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('signed-in visitors', () => {
  test.use({ storageState: storageStateFor('specialist') });

  test('opening /login or /register goes to the dashboard', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('global sign-out', () => {
  test('ends every session of the user and forgets local auth state', async ({
    page,
    browser,
    request,
  }) => {
    const account = await createUser(request);
    await signInViaUi(page, account.email, account.password);
    const oldCookie = await cookieHeader(page);

    // A second device of the same user.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInViaUi(otherPage, account.email, account.password);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    // the home page is a server-rendered site page: it says so once (a notice, not a toast)
    await expect(
      page.getByRole('status').filter({ hasText: 'Successfully signed out' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(
      'Chronic and emotional pain',
    );

    // The old cookie no longer works, nor does the other device's session.
    const me = await request.get('/api/me', { headers: { Cookie: oldCookie } });
    expect(me.status()).toBe(401);
    await otherPage.goto('/dashboard');
    await expect(otherPage).toHaveURL(LOGIN_URL);
    await other.close();

    // Nothing of the session is left in browser storage; the signed-in area asks to sign in.
    const keys = await page.evaluate(() => [
      ...Object.keys(localStorage),
      ...Object.keys(sessionStorage),
    ]);
    expect(keys.filter((k) => /better-auth|auth/i.test(k))).toEqual([]);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(LOGIN_URL);
    await expectLoginNotice(page, 'Authentication required. Please log in to continue.');
  });

  test('a failed sign-out says so in the sidebar and keeps the user signed in', async ({
    page,
    request,
  }) => {
    const account = await createUser(request);
    await signInViaUi(page, account.email, account.password);
    await page.getByRole('button', { name: 'Español' }).click();
    await page.route('**/api/auth/revoke-sessions', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    const logged = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/client-logs') &&
        (r.request().postData() ?? '').includes('Sign-out failed'),
      { timeout: 15_000 },
    );
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expectToast(page, 'Error al cerrar sesión. Por favor, inténtelo de nuevo.');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await logged).status()).toBe(204);
  });
});

test.describe('sign-in without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page renders, refuses a wrong password in the chosen language, and signs in', async ({
    page,
  }) => {
    await page.goto('/login?redirect=%2Fsettings');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveTitle('Sign in · Pain Lab');

    // the language switch is a plain form: the server answers the page in Spanish
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    await page.getByLabel('Correo electrónico').fill(demoEmail('admin'));
    await page.getByLabel('Contraseña').fill('definitely-not-the-password');
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Correo electrónico o contraseña incorrectos.',
    );
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(demoEmail('admin'));

    await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await expect(page).toHaveURL(/\/settings$/);
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => c.name === 'painlab.session_token')).toBe(true);
  });
});
