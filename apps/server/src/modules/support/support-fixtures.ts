import { ENDPOINTS } from '@cpm/contracts';
import { expect } from 'vitest';
import { createAccount, createRole } from '../../test-support/accounts';
import { clientOf } from '../../test-support/api-client';
import { createFleetFixtures } from '../../test-support/fleet-fixtures';
import { ADMIN_PASSWORD, createTestApp, loginAs } from '../../test-support/test-app';

/** A signed-in account of a test: its id and its session token. */
export type Caller = { id: string; token: string };

/** A terminal as the administrator saves it for a customer. */
type TerminalFields = { sn: string; name: string; groupId: string; storeName: string; mac: string };

/**
 * The start the order tests share: the administrator; a role holding every support permission and
 * two customers with it (`shop_a`, the owner of the terminals, and `shop_b`, who sees none of them);
 * a model and a group for terminals. `saveTerminal` saves one of `shop_a`'s terminals.
 */
export const createSupportWorld = async (opts: Parameters<typeof createTestApp>[0] = {}) => {
  const t = await createTestApp(opts);
  const a = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
  const admin: Caller = { id: a.userId, token: a.token };
  const roleId = await createRole(
    t,
    { code: 'support_all', name: '技术支持', nameEn: 'Support' },
    'support:%',
  );
  const customer: Caller = await createAccount(t, { username: 'shop_a', roleId });
  const other: Caller = await createAccount(t, { username: 'shop_b', roleId });
  const fleet = await createFleetFixtures(t, admin.id);
  const saveTerminal = async (terminal: TerminalFields) => {
    const made = await clientOf(t, admin.token).call(ENDPOINTS.devices.terminalSave, {
      ...terminal,
      modelId: fleet.model.id,
      password: 'abc123',
      ownerId: customer.id,
    });
    expect(made.body.code).toBe(1);
  };
  return { t, admin, customer, other, roleId, fleet, saveTerminal };
};
