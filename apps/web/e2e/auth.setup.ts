/** Signs in through the UI once per demo role and saves the session for the other tests. */
import { test as setup } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail, ROLES, storageStateFor } from './support/accounts';
import { signInViaUi } from './support/helpers';

for (const role of ROLES) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await signInViaUi(page, demoEmail(role), DEMO_PASSWORD);
    await page.context().storageState({ path: storageStateFor(role) });
  });
}
