/** Demo accounts, one per role, created once when SEED_DEMO is on. */
import type { Role } from '@painlab/shared/permissions';
import type { Deps } from '../../http/types';
import { findUserIdByEmail } from './users.repository';
import { createUser } from './users.service';

export const DEMO_ACCOUNTS: { role: Role; email: string; name: string }[] = [
  { role: 'admin', email: 'admin@demo.painlab.test', name: 'Ana Admin' },
  { role: 'specialist', email: 'specialist@demo.painlab.test', name: 'Dra. Sofía Especialista' },
  { role: 'researcher', email: 'researcher@demo.painlab.test', name: 'Rafael Investigador' },
  { role: 'user', email: 'user@demo.painlab.test', name: 'Pablo Paciente' },
];

export async function seedDemoAccounts(deps: Deps): Promise<number> {
  const system = { userId: null, role: 'system', ip: null, requestId: 'seed' };
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserIdByEmail(deps.database.db, account.email)) continue;
    await createUser(deps, system, { ...account, password: deps.env.DEMO_PASSWORD });
    created++;
  }
  return created;
}
