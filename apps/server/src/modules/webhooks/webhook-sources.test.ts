import { describe, expect, it } from 'vitest';
import type { OperationEntry } from '../oplog/oplog.repository';
import {
  auditEventOfOperation,
  eventOfFleetChange,
  eventOfOperation,
  isWebhookEvent,
} from './webhook-sources';

const at = new Date('2026-06-01T08:00:00Z');

const op = (over: Partial<OperationEntry> = {}): OperationEntry => ({
  at,
  actorId: 'user-1',
  actorName: 'ops',
  ip: '127.0.0.1',
  action: 'task.create',
  objectType: 'task',
  objectId: 'task-1',
  objectName: 'Reboot',
  result: 'success',
  detail: null,
  ...over,
});

describe('webhook event sources', () => {
  it('turns online, offline, created, enrolled, moved and deleted terminals into events; other changes not', () => {
    const of = (kind: string, more: object = {}) =>
      eventOfFleetChange({ sn: 'SN1', ownerId: 'o', kind, ...more }, at)?.type ?? null;
    expect([of('online'), of('offline'), of('created'), of('moved'), of('deleted')]).toEqual([
      'terminal.online',
      'terminal.offline',
      'terminal.created',
      'terminal.moved',
      'terminal.deleted',
    ]);
    expect(of('status', { status: 'activated' })).toBe('terminal.created');
    expect([of('saved'), of('boot'), of('status', { status: 'repair' })]).toEqual([null, null, null]);
    expect(eventOfFleetChange({ sn: 'SN1', ownerId: 'o', kind: 'moved', groupId: 'g' }, at)).toEqual({
      type: 'terminal.moved',
      ownerId: 'o',
      objectKey: 'terminal:SN1',
      data: { sn: 'SN1', groupId: 'g' },
      at,
    });
  });

  it('turns successful operations of the listed actions into events of the actor’s account', () => {
    expect(eventOfOperation(op())).toMatchObject({
      type: 'task.created',
      ownerId: 'user-1',
      objectKey: 'task:task-1',
      data: { taskId: 'task-1', name: 'Reboot', actor: { id: 'user-1', name: 'ops' } },
    });
    expect(
      eventOfOperation(op({ action: 'user.approve', objectType: 'user', objectId: 'u2' })),
    ).toMatchObject({
      type: 'user.approved',
      data: { userId: 'u2' },
    });
    expect(eventOfOperation(op({ action: 'app.official', objectType: 'app' }))?.type).toBe('app.released');
  });

  it('leaves out failures, unlisted actions and operations without an actor or object', () => {
    expect(eventOfOperation(op({ result: 'failure' }))).toBeNull();
    expect(eventOfOperation(op({ action: 'role.delete' }))).toBeNull();
    expect(eventOfOperation(op({ actorId: null }))).toBeNull();
    expect(eventOfOperation(op({ objectId: null }))).toBeNull();
  });

  it('streams every entry with an actor as an audit entry, failures included, ordered per actor', () => {
    expect(auditEventOfOperation(op({ action: 'security.signInFailed', result: 'failure' }))).toMatchObject({
      type: 'audit.entry',
      ownerId: 'user-1',
      objectKey: 'audit:user-1',
      data: { action: 'security.signInFailed', result: 'failure', actor: { id: 'user-1', name: 'ops' } },
    });
    expect(auditEventOfOperation(op({ action: 'role.delete' }))?.type).toBe('audit.entry');
    expect(auditEventOfOperation(op({ actorId: null }))).toBeNull();
  });

  it('passes on only the domain events a subscription may choose', () => {
    const e = { ownerId: 'o', objectKey: 'x', data: {} };
    expect(isWebhookEvent({ ...e, type: 'app.paused' })).toBe(true);
    expect(isWebhookEvent({ ...e, type: 'webhook.ping' })).toBe(false);
  });
});
