import { expect } from 'vitest';
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

/** A terminal agent's POST to `/device/v1/agent/<path>`, signed with its secret; answers the raw response. */
export const agentPost = (t: TestApp, sn: string, secret: string, path: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/device/v1/agent/${path}`, headers: deviceAuth(sn, secret), payload });

/** A terminal agent's GET of `/device/v1/agent/<path>` (with its query), signed with its secret. */
export const agentGet = (
  t: TestApp,
  sn: string,
  secret: string,
  path: string,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'GET',
    url: `/device/v1/agent/${path}`,
    headers: { ...deviceAuth(sn, secret), ...headers },
  });

/** The caller's enrollment key, issued afresh (the previous one stops working). */
export const rotateEnrollmentKey = async (t: TestApp, token: string) =>
  (
    (await callAs(t, token)('POST', '/device/v1/device/terminal/rotateEnrollmentKey')).body.result as {
      enrollmentKey: string;
    }
  ).enrollmentKey;

/** Enrolls a registered SN with an enrollment key; answers the terminal's secret. */
export const enrollSn = async (t: TestApp, sn: string, enrollmentKey: string) => {
  const enrolled = await t.app.inject({
    method: 'POST',
    url: '/device/v1/agent/enroll',
    payload: { sn, enrollmentKey },
  });
  expect(enrolled.json(), enrolled.body).toMatchObject({ code: 1 });
  return enrolled.json().result.secret as string;
};

/** Registers a terminal in a model and group as the given session; fails the test when refused. */
export const registerTerminal = async (
  t: TestApp,
  token: string,
  fleet: { model: { id: string }; group: { id: string } },
  terminal: { sn: string; mac: string; name?: string; ownerId?: string },
) => {
  const saved = await callAs(t, token)('POST', '/device/v1/device/terminal/addOrUpdate', {
    name: 'T1',
    modelId: fleet.model.id,
    groupId: fleet.group.id,
    storeName: 'Store',
    ...terminal,
  });
  expect(saved.body.code, saved.body.messageEn).toBe(1);
};

/**
 * Terminals of the account, registered in the given model and group (else a new one of the account)
 * and enrolled with its key: what a test of terminals' own calls starts from. Answers the fixtures
 * and each SN's secret.
 */
export const enrolledTerminals = async (
  t: TestApp,
  account: { id: string; token: string },
  list: { sn: string; mac: string; name?: string; ownerId?: string }[],
  fleet?: { model: { id: string }; group: { id: string } },
) => {
  const fixtures = fleet ?? (await createFleetFixtures(t, account.id));
  const key = await rotateEnrollmentKey(t, account.token);
  const secrets = new Map<string, string>();
  for (const terminal of list) {
    await registerTerminal(t, account.token, fixtures, terminal);
    secrets.set(terminal.sn, await enrollSn(t, terminal.sn, key));
  }
  return { ...fixtures, secrets };
};

/** One terminal of the account in a new model and group, enrolled; answers the fixtures and the secret. */
export const enrolledTerminal = async (
  t: TestApp,
  account: { id: string; token: string },
  terminal: { sn: string; mac: string; name?: string },
) => {
  const { secrets, ...fleet } = await enrolledTerminals(t, account, [terminal]);
  return { ...fleet, secret: secrets.get(terminal.sn) as string };
};
