import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@cpm/contracts';
import type { DomainEvent } from '../../shared/domain-events';
import type { FleetChange } from '../devices/fleet-events';
import type { OperationEntry } from '../oplog/oplog.repository';

const KNOWN = new Set<string>(WEBHOOK_EVENT_TYPES);

/** The webhook event a fleet change is, or null (heartbeat-level changes are not sent out). */
export const eventOfFleetChange = (c: FleetChange, at: Date): DomainEvent | null => {
  const type: WebhookEventType | null =
    c.kind === 'online' || c.kind === 'offline'
      ? `terminal.${c.kind}`
      : c.kind === 'created' || (c.kind === 'status' && c.status === 'activated')
        ? 'terminal.created'
        : c.kind === 'moved'
          ? 'terminal.moved'
          : c.kind === 'deleted'
            ? 'terminal.deleted'
            : null;
  if (!type) return null;
  const data: Record<string, unknown> = {
    sn: c.sn,
    ...(c.status ? { status: c.status } : {}),
    ...(c.groupId ? { groupId: c.groupId } : {}),
  };
  if (c.kind === 'status') data.enrolled = true;
  return { type, ownerId: c.ownerId, objectKey: `terminal:${c.sn}`, data, at };
};

/** Operation log actions that are webhook events, by action code. */
const OPERATION_EVENTS: Record<string, WebhookEventType> = {
  'task.create': 'task.created',
  'app.upload': 'app.submitted',
  'app.approve': 'app.reviewed',
  'app.reject': 'app.reviewed',
  'app.gray': 'app.released',
  'app.official': 'app.released',
  'account.register': 'user.registered',
  'user.approve': 'user.approved',
};

/**
 * The webhook event a successful operation is, or null. The actor's account is the enterprise: what
 * a user does is heard by the subscriptions of their account and the accounts above it.
 */
export const eventOfOperation = (op: OperationEntry): DomainEvent | null => {
  const type = OPERATION_EVENTS[op.action];
  if (!type || op.result !== 'success' || !op.actorId || !op.objectId) return null;
  return {
    type,
    ownerId: op.actorId,
    objectKey: `${op.objectType}:${op.objectId}`,
    data: {
      [op.objectType === 'user' ? 'userId' : `${op.objectType}Id`]: op.objectId,
      name: op.objectName ?? null,
      action: op.action,
      detail: op.detail ?? null,
      actor: { id: op.actorId, name: op.actorName },
    },
    at: op.at,
  };
};

/**
 * Every entry with an actor as an `audit.entry` event of the actor's account, failures included: the
 * audit stream to a webhook. Ordered per actor, as the entries were written.
 */
export const auditEventOfOperation = (op: OperationEntry): DomainEvent | null =>
  op.actorId
    ? {
        type: 'audit.entry',
        ownerId: op.actorId,
        objectKey: `audit:${op.actorId}`,
        data: {
          action: op.action,
          result: op.result,
          objectType: op.objectType ?? null,
          objectId: op.objectId ?? null,
          objectName: op.objectName ?? null,
          detail: op.detail ?? null,
          actor: { id: op.actorId, name: op.actorName },
          ip: op.ip ?? null,
        },
        at: op.at,
      }
    : null;

/** Whether a module's domain event is one a subscription may choose. */
export const isWebhookEvent = (e: DomainEvent): e is DomainEvent & { type: WebhookEventType } =>
  KNOWN.has(e.type);
