import { terminalGroups, terminalModels } from '../db/schema';
import type { TestApp } from './test-app';

/** A model and a group owned by the given account, for terminal tests. */
export const createFleetFixtures = async (t: TestApp, ownerId: string) => {
  const [model] = await t.database.db.insert(terminalModels).values({ name: 'P2' }).returning();
  const [group] = await t.database.db
    .insert(terminalGroups)
    .values({ name: 'Main store', number: 'S001', ownerId })
    .returning();
  return { model, group };
};

/** Calls an endpoint with a session and answers the parsed envelope and the HTTP status. */
export const callAs =
  (t: TestApp, token: string) => async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await t.app.inject({ method, url, headers: { satoken: token }, payload: payload as object });
    return { status: res.statusCode, body: res.json() as { code: number; result: never; messageEn: string } };
  };

/** HTTP Basic header of a terminal. */
export const deviceAuth = (sn: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${sn}:${secret}`).toString('base64')}`,
});
