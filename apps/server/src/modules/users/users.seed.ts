/** Demo accounts, one per role, created once when SEED_DEMO is on. */
import { DEMO_ACCOUNTS } from '@painlab/shared/personas';
import { DOCUMENTED_DEMO_PASSWORD } from '../../env';
import type { Deps } from '../../http/types';
import { findUserIdByEmail } from './users.repository';
import { createUser } from './users.service';

export { DEMO_ACCOUNTS };

export async function seedDemoAccounts(deps: Deps): Promise<number> {
  const system = { userId: null, role: 'system', ip: null, requestId: 'seed' };
  // loadEnv refuses this too; production never gets accounts with the README's password
  if (deps.env.NODE_ENV === 'production' && deps.env.DEMO_PASSWORD === DOCUMENTED_DEMO_PASSWORD)
    return 0;
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserIdByEmail(deps.database.db, account.email)) continue;
    await createUser(deps, system, { ...account, password: deps.env.DEMO_PASSWORD });
    created++;
  }
  return created;
}
