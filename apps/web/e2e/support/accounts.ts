import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
} from '@playwright/test';
import { ROLES as ALL_ROLES, type Role } from '@painlab/shared/permissions';
import { BASE_URL } from './helpers';
import { keepSessionsFresh } from './session-refresh';

// The demo accounts are defined once, in packages/shared/src/personas.ts.
export { DEMO_PASSWORD, demoEmail } from '@painlab/shared/personas';
export type { Role };
export const ROLES: readonly Role[] = ALL_ROLES;

const here = path.dirname(fileURLToPath(import.meta.url));
/** Storage state (cookies) of a demo account, written by auth.setup.ts. */
export const storageStateFor = (role: Role) => path.join(here, '..', '.auth', `${role}.json`);

// the run outlasts a saved cookie's 30 minutes: each worker signs the demo accounts in again
keepSessionsFresh(ROLES, storageStateFor, BASE_URL);

/** Role badges shown in the shell header (English). */
export const ROLE_BADGE: Record<Role, string> = {
  admin: 'Administrator',
  specialist: 'Specialist',
  researcher: 'Researcher',
  user: 'Patient',
};

let made = 0;
/**
 * A fresh staff account of `role`, made by the demo administrator through the API, for a test that
 * must be the only one to touch it (its notices, its free times, its factors). With
 * `contextOptions`, `signedIn` is a new browser context holding its session.
 */
export async function createStaff(
  browser: Browser,
  role: 'specialist' | 'admin' | 'researcher',
  name: string,
  contextOptions?: BrowserContextOptions,
): Promise<{
  id: string;
  email: string;
  password: string;
  name: string;
  signedIn: BrowserContext | null;
}> {
  made += 1;
  const unique = `${Date.now().toString(36)}-${process.pid}-${made}`;
  const account = {
    name: `${name} ${unique}`,
    email: `staff-${unique}@example.test`,
    password: 'correct-horse-battery-9',
    role,
  };
  const admin = await browser.newContext({ storageState: storageStateFor('admin') });
  const res = await admin.request.post('/api/users', {
    data: account,
    headers: { Origin: BASE_URL },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const id = ((await res.json()) as { id: string }).id;
  await admin.close();
  let signedIn: BrowserContext | null = null;
  if (contextOptions) {
    signedIn = await browser.newContext(contextOptions);
    const signIn = await signedIn.request.post('/api/auth/sign-in/email', {
      data: { email: account.email, password: account.password },
      headers: { Origin: BASE_URL },
    });
    expect(signIn.ok(), await signIn.text()).toBe(true);
  }
  return { id, email: account.email, password: account.password, name: account.name, signedIn };
}
