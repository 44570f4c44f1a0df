import { login } from '../support/console';
import { ADMIN_STATE } from '../support/env';
import { test } from '../support/fixtures';

// Signs in through the form once; every test but those about signing in starts from this state.
test('the administrator signs in', async ({ page }) => {
  await login(page);
  await page.context().storageState({ path: ADMIN_STATE });
});
