import { ENDPOINTS } from '@cpm/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf } from '../../test-support/api-client';
import type { TestApp } from '../../test-support/test-app';
import { terminals } from '../devices/devices.table';
import { terminalGroups } from '../groups/groups.table';
import { supportOrders } from './support.table';
import { type Caller, createSupportWorld } from './support-fixtures';

/**
 * What the order form fills from an SN: the terminal's model, enterprise and store. A group is the
 * store only when its type is a store; regions and branches never are.
 */
describe('an order’s terminal facts', () => {
  let t: TestApp;
  let customer: Caller;
  let other: Caller;
  let saveTerminal: Awaited<ReturnType<typeof createSupportWorld>>['saveTerminal'];

  /** A terminal of the customer in a group, with no store name of its own (as an enrolled one has). */
  const terminalIn = async (sn: string, groupId: string, mac: string) => {
    await saveTerminal({ sn, name: 'Till', groupId, storeName: 'set below', mac });
    await t.database.db.update(terminals).set({ storeName: '' }).where(eq(terminals.sn, sn));
  };
  const group = async (name: string, type: string, parentId: string | null = null) =>
    (
      await t.database.db
        .insert(terminalGroups)
        .values({ name, number: name, type, parentId, ownerId: customer.id })
        .returning()
    )[0].id;
  const facts = (token: string, sn: string) => clientOf(t, token).call(ENDPOINTS.support.terminal, { sn });

  beforeAll(async () => {
    ({ t, customer, other, saveTerminal } = await createSupportWorld());
    const east = await group('East region', 'region');
    const pier = await group('Pier 7', 'store', east);
    const counter = await group('Back counter', 'warehouse', pier);
    await terminalIn('SUPT000001', counter, '00-11-22-33-44-71');
    await terminalIn('SUPT000002', east, '00-11-22-33-44-72');
    await saveTerminal({
      sn: 'SUPT000003',
      name: 'Front desk',
      groupId: east,
      storeName: 'Harbour Store',
      mac: '00-11-22-33-44-73',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the terminal’s own store name, its model and its enterprise', async () => {
    const res = await facts(customer.token, 'supt000003');
    expect(res.body.result).toEqual({
      sn: 'SUPT000003',
      modelName: 'P2',
      enterpriseName: 'shop_a',
      storeName: 'Harbour Store',
    });
  });

  it('names the nearest store group above a terminal without a store name, not its own group', async () => {
    const res = await facts(customer.token, 'SUPT000001');
    expect(res.body.result.storeName).toBe('Pier 7');
  });

  it('leaves the store empty when only a region holds the terminal', async () => {
    const res = await facts(customer.token, 'SUPT000002');
    expect(res.body.result.storeName).toBe('');
  });

  it('refuses an unknown or foreign SN in both languages', async () => {
    for (const [token, sn] of [
      [customer.token, 'NOSUCHSN'],
      [other.token, 'SUPT000003'],
    ] as const) {
      const res = await facts(token, sn);
      expect([res.status, res.body.messageEn, res.body.message]).toEqual([
        404,
        'No terminal with this SN in your data scope',
        '没有该序列号的终端，或不在您的数据范围内',
      ]);
    }
  });

  it('stores the same store on the order as the form showed', async () => {
    const made = await clientOf(t, customer.token).call(ENDPOINTS.support.save, {
      sn: 'SUPT000001',
      contact: 'Li Wei',
      phone: '+86 138 0000 0000',
      faultType: 'printer',
      description: 'Paper jam',
    });
    expect(made.body.code).toBe(1);
    const [row] = await t.database.db
      .select()
      .from(supportOrders)
      .where(eq(supportOrders.id, made.body.result.id));
    expect([row.storeName, row.modelName, row.enterpriseName]).toEqual(['Pier 7', 'P2', 'shop_a']);
  });
});
