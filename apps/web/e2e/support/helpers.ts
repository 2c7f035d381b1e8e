import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

/** A toast (sonner) with this text. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(toast(page, text).first()).toBeVisible();
}

/**
 * The sign-in page's own notice (why the web app sent the visitor there): /login is a site page
 * reached by a full page load, so the app's toasts do not survive it (docs/decisions/0012).
 */
export async function expectLoginNotice(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
}

/** /login, with or without the return target the web app adds (`?redirect=`). */
export const LOGIN_URL = /\/login(?:\?redirect=[^#]*)?$/;

/** Waits until the sign-in page's script has taken over the form (its island is hydrated). */
export async function waitForSignInPage(page: Page): Promise<void> {
  await page.locator('[data-island="login"][data-hydrated]').waitFor({ state: 'attached' });
}

/** Signs in through the login form (the page must be on /login). */
export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await waitForSignInPage(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function signInViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

let counter = 0;
/** A fresh account (role `user`) for tests that sign out: global sign-out ends all its sessions. */
export async function createUser(
  request: APIRequestContext,
): Promise<{ email: string; password: string; name: string }> {
  counter += 1;
  const unique = `${Date.now().toString(36)}-${process.pid}-${counter}`;
  const account = {
    name: `Test Patient ${unique}`,
    email: `e2e-${unique}@example.test`,
    password: 'correct-horse-battery-9',
  };
  const response = await request.post('/api/auth/sign-up/email', {
    data: account,
    headers: { Origin: BASE_URL },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return account;
}

/** The session cookie header of the current page's context. */
export async function cookieHeader(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/**
 * Call before the page loads: records when its event stream (`/api/events`, ADR 0018) says
 * `ready`, which the server sends once it has subscribed the page. Playwright's `networkidle`
 * ignores EventSource connections, so only this says that a change made now will reach the page.
 */
export async function trackEventStream(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('ready', () => {
          (window as unknown as { __streamReady: boolean }).__streamReady = true;
        });
      }
    } as typeof EventSource;
  });
}

/** Waits until the page's event stream is subscribed (`trackEventStream` first). */
export async function waitForEventStream(page: Page): Promise<void> {
  await page.waitForFunction(
    () => (window as unknown as { __streamReady?: boolean }).__streamReady === true,
    undefined,
    { timeout: 20_000 },
  );
}
