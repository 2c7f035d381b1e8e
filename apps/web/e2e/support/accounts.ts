import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type Role = 'admin' | 'specialist' | 'researcher' | 'user';
export const ROLES: readonly Role[] = ['admin', 'specialist', 'researcher', 'user'];

export const DEMO_PASSWORD = 'painlab-demo-2026';
export const demoEmail = (role: Role) => `${role}@demo.painlab.test`;

const here = path.dirname(fileURLToPath(import.meta.url));
/** Storage state (cookies) of a demo account, written by auth.setup.ts. */
export const storageStateFor = (role: Role) => path.join(here, '..', '.auth', `${role}.json`);

/** Role badges shown in the shell header (English). */
export const ROLE_BADGE: Record<Role, string> = {
  admin: 'Administrator',
  specialist: 'Specialist',
  researcher: 'Researcher',
  user: 'Patient',
};
