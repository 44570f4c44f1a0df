import { z } from 'zod';
import { TaskNameTextSchema } from '../tasks/task-name';

/**
 * The notices the system sends, each rendered from the console's catalogue in the reader's language
 * (`messages:notices.<key>`) with its parameters; the stored title and content stay as the text for
 * mail and for rows written before notices carried a key. A notice whose params hold `url` and
 * `fileName` also links the file.
 */
export const NOTICE_KEYS = [
  'taskAwaitsApproval',
  'taskApproved',
  'taskRejected',
  'taskPaused',
  'taskCreateFailed',
  'appApproved',
  'appRejected',
  'appGrayPaused',
  'orderChanged',
  'inspectionProposed',
  'exportReady',
  'webhookDisabled',
] as const;
export type NoticeKey = (typeof NOTICE_KEYS)[number];

/** A system notice as a catalogue key and the values its text names. */
export const NoticeTextSchema = z.object({
  key: z.enum(NOTICE_KEYS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The named task's name when the system made it, rendered per reader in place of `params.task`. */
  taskName: TaskNameTextSchema.optional(),
});
export type NoticeText = z.infer<typeof NoticeTextSchema>;

/** What happened to an after-sales order, as its notice names it (`orderChanged`'s `change`). */
export const ORDER_CHANGES = [
  'draft',
  'submitted',
  'accepted',
  'repairing',
  'returned',
  'closed',
  'rejected',
  'assigned',
  'commented',
] as const;
export type OrderChange = (typeof ORDER_CHANGES)[number];
