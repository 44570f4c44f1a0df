import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { terminals } from '../../db/schema';
import { createTestClock, openDatabaseWithTerminals } from '../../test-support/test-app';
import { createHeartbeatRepository } from './heartbeat.repository';
import { createHeartbeatWriter, type OnlineChange, type SlotHolder } from './heartbeat-writer';

describe('heartbeat writer', () => {
  let close: () => Promise<void>;
  let db: Db;

  beforeAll(async () => {
    const database = await openDatabaseWithTerminals(['WRITER01']);
    close = database.close;
    db = database.db;
  });
  afterAll(() => close?.());

  const state = async () => {
    const [t] = await db
      .select({ online: terminals.online, battery: terminals.battery })
      .from(terminals)
      .where(eq(terminals.sn, 'WRITER01'));
    return t;
  };

  it('keeps a terminal’s slot in the caller’s holder, and a new one once it went offline', async () => {
    const clock = createTestClock();
    const changes: OnlineChange[] = [];
    const writer = createHeartbeatWriter({
      store: createHeartbeatRepository(db),
      clock,
      flushMs: 60_000,
      onOnlineChanges: (c) => changes.push(...c),
      onError: (err) => {
        throw err;
      },
    });
    const holder: SlotHolder = {};
    writer.add('WRITER01', { battery: 50 }, undefined, holder);
    const first = holder.slot;
    clock.advance(5_000);
    writer.add('WRITER01', { battery: 49 }, undefined, holder);
    expect(holder.slot).toBe(first);
    await writer.flush();
    expect(await state()).toEqual({ online: true, battery: 49 });
    expect(writer.persistedHeartbeats()).toBe(2);

    // Offline, as the gateway marks it on a disconnect; the slot it held is gone.
    await db.update(terminals).set({ online: false }).where(eq(terminals.sn, 'WRITER01'));
    writer.offline('WRITER01');
    // Back with a heartbeat and gone again before the write: the heartbeat is stored, the terminal is
    // not marked online. With the old slot still in use the writer would not see the second offline.
    writer.add('WRITER01', { battery: 48 }, undefined, holder);
    expect(holder.slot).not.toBe(first);
    writer.offline('WRITER01');
    await writer.flush();
    expect(await state()).toEqual({ online: false, battery: 48 });
    expect(changes.map((c) => c.online)).toEqual([true]);

    // And back for good: its next heartbeat brings it online.
    writer.add('WRITER01', { battery: 47 }, undefined, holder);
    await writer.flush();
    expect(await state()).toEqual({ online: true, battery: 47 });
    expect(changes.map((c) => c.online)).toEqual([true, true]);
  });
});
