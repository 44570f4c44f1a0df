import { ORDER_OPEN_STATUSES, type OrderRow, type OrderSource, type OrderStatus } from '@cpm/contracts';
import type { OrderRecord } from './orders.repository';

/** `SO-000042`. */
export const orderNumber = (seq: number) => `SO-${String(seq).padStart(6, '0')}`;

/** Open orders past their due time. */
export const isOverdue = (r: Pick<OrderRecord, 'status' | 'dueAt'>, now: Date) =>
  r.dueAt !== null &&
  r.dueAt.getTime() < now.getTime() &&
  ORDER_OPEN_STATUSES.includes(r.status as OrderStatus);

/** An order as lists show it; `overdue` is computed against the caller's clock. */
export const toRow = (r: OrderRecord, now: Date): OrderRow => ({
  id: r.id,
  number: orderNumber(r.seq),
  sn: r.sn,
  modelName: r.modelName,
  enterpriseName: r.enterpriseName,
  storeName: r.storeName,
  contact: r.contact,
  phone: r.phone,
  faultType: r.faultType,
  description: r.description,
  priority: r.priority as OrderRow['priority'],
  status: r.status as OrderStatus,
  assigneeId: r.assigneeId,
  assigneeName: r.assigneeName,
  dueAt: r.dueAt?.toISOString() ?? null,
  overdue: isOverdue(r, now),
  rejectReason: r.rejectReason,
  source: r.source as OrderSource,
  recordId: r.recordId,
  ownerId: r.ownerId,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
