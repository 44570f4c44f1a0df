import { defineEndpoint, SIGNED_IN } from '@cpm/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../shared/app-error';
import type { AuthContext } from './auth-context';
import { createEndpointRegistry, type OperationLogEntry } from './endpoints';
import { registerErrorHandling } from './errors';

const caller: AuthContext = {
  userId: '00000000-0000-0000-0000-0000000000a1',
  sessionId: 's1',
  username: 'ent_a',
  state: 1,
  permissions: new Set(),
  dataScope: 'tree',
};

const save = defineEndpoint({
  method: 'POST',
  path: '/t/save',
  summary: 'save',
  tag: 't',
  permission: SIGNED_IN,
  body: z.object({ id: z.string().optional(), name: z.string(), fail: z.boolean().optional() }),
  result: z.object({ id: z.string() }),
  oplog: { objectType: 'thing', action: { of: ({ body }) => (body.id ? 'thing.update' : 'thing.create') } },
});
const open = defineEndpoint({
  method: 'POST',
  path: '/t/open',
  summary: 'open',
  tag: 't',
  public: true,
  body: z.object({ name: z.string(), wrong: z.boolean() }),
  result: z.null(),
  oplog: { objectType: 'thing', action: 'thing.open' },
});

describe('operation log declared on the endpoint', () => {
  let app: FastifyInstance;
  const entries: OperationLogEntry[] = [];

  beforeAll(async () => {
    app = Fastify();
    registerErrorHandling(app);
    const api = createEndpointRegistry(
      app,
      async (token) => (token === 'good' ? caller : null),
      async () => null,
      async (entry) => {
        entries.push(entry);
      },
    );
    api.register(save, ({ body, oplog }) => {
      if (body.fail) throw new AppError('notFound');
      const id = body.id ?? 'new-id';
      oplog.subject({ id, name: body.name });
      if (!body.id) oplog.also({ action: 'thing.extra', detail: 'one more' });
      return { id };
    });
    api.register(open, ({ body, oplog }) => {
      oplog.actor({ id: null, name: body.name });
      oplog.subject({ name: body.name });
      if (body.wrong) {
        oplog.fail('wrong code');
        throw new AppError('emailCodeInvalid');
      }
      return null;
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (url: string, payload: object, token?: string) =>
    app.inject({ method: 'POST', url, payload, headers: token ? { satoken: token } : {} });

  it('writes the chosen action, the subject and further entries after a successful call', async () => {
    entries.length = 0;
    expect((await post('/t/save', { name: 'A' }, 'good')).json().code).toBe(1);
    expect((await post('/t/save', { id: 'x1', name: 'B' }, 'good')).json().code).toBe(1);
    expect(entries).toEqual([
      expect.objectContaining({
        actor: { id: caller.userId, name: 'ent_a' },
        action: 'thing.create',
        objectType: 'thing',
        objectId: 'new-id',
        objectName: 'A',
        detail: null,
        result: 'success',
      }),
      expect.objectContaining({ action: 'thing.extra', objectId: 'new-id', detail: 'one more' }),
      expect.objectContaining({ action: 'thing.update', objectId: 'x1', objectName: 'B', result: 'success' }),
    ]);
  });

  it('writes nothing when the call fails or is refused, unless the handler records the failure', async () => {
    entries.length = 0;
    expect((await post('/t/save', { name: 'C', fail: true }, 'good')).json().code).toBe(404);
    expect((await post('/t/save', { name: 'D' })).statusCode).toBe(401);
    expect(entries).toEqual([]);
    expect((await post('/t/open', { name: 'guest', wrong: true })).json().code).not.toBe(1);
    expect((await post('/t/open', { name: 'guest', wrong: false })).json().code).toBe(1);
    expect(entries).toEqual([
      expect.objectContaining({
        actor: { id: null, name: 'guest' },
        action: 'thing.open',
        objectName: 'guest',
        detail: 'wrong code',
        result: 'failure',
      }),
      expect.objectContaining({
        actor: { id: null, name: 'guest' },
        action: 'thing.open',
        result: 'success',
      }),
    ]);
  });
});
