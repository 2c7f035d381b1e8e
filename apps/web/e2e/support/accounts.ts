import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
