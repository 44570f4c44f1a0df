import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { PageQuerySchema, pageSchema } from '../pagination';
import { ORDER_PRIORITIES } from './orders.contract';

/**
 * The peripheral type of a terminal's own hardware exceptions (event `hardwareFault`); every other
 * type is matched, case-insensitively, as a part of the faulty peripheral's name (`printer` matches
 * `Thermal printer`).
 */
export const HARDWARE_PERIPHERAL_TYPE = 'hardware';

/** What repeated faults lead to: a draft after-sales order, or a proposed inspection of the store. */
export const HEALTH_ACTIONS = ['order', 'inspection'] as const;
export type HealthAction = (typeof HEALTH_ACTIONS)[number];

/** The longest window a rule may count faults over: one week. */
export const HEALTH_WINDOW_MAX_MINUTES = 7 * 24 * 60;

export const HealthRuleSchema = z.object({
  id: z.string(),
  peripheralType: z.string(),
  /** How many faults of one peripheral of a terminal within the window open work. */
  threshold: z.number(),
  windowMinutes: z.number(),
  action: z.enum(HEALTH_ACTIONS),
  /** Fault type (dictionary `fault_type`) of the orders it opens. */
  faultType: z.string(),
  priority: z.enum(ORDER_PRIORITIES),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type HealthRule = z.infer<typeof HealthRuleSchema>;

export const HealthRuleSaveSchema = z.strictObject({
  id: z.uuid().optional(),
  peripheralType: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(32)
    .regex(/^[\p{L}\p{N} _.-]+$/u),
  threshold: z.number().int().min(1).max(1000),
  windowMinutes: z.number().int().min(1).max(HEALTH_WINDOW_MAX_MINUTES),
  action: z.enum(HEALTH_ACTIONS),
  faultType: z.string().trim().min(1).max(32),
  priority: z.enum(ORDER_PRIORITIES).default('normal'),
  enabled: z.boolean().default(true),
});
export type HealthRuleSave = z.infer<typeof HealthRuleSaveSchema>;

/** The rule for a fault: the terminal's hardware, else the longest type found in the peripheral's name. */
export const matchHealthRule = <R extends Pick<HealthRule, 'peripheralType' | 'enabled'>>(
  rules: readonly R[],
  fault: { kind: 'peripheral' | 'hardware'; peripheralName: string },
): R | undefined => {
  const enabled = rules.filter((r) => r.enabled);
  if (fault.kind === 'hardware') return enabled.find((r) => r.peripheralType === HARDWARE_PERIPHERAL_TYPE);
  const name = fault.peripheralName.toLowerCase();
  return enabled
    .filter((r) => r.peripheralType !== HARDWARE_PERIPHERAL_TYPE && name.includes(r.peripheralType))
    .sort((a, b) => b.peripheralType.length - a.peripheralType.length)[0];
};

export const PROPOSAL_STATUSES = ['open', 'done', 'dismissed'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A store visit proposed by peripheral health: a terminal's peripheral kept failing. */
export const ProposalRowSchema = z.object({
  id: z.string(),
  sn: z.string(),
  storeName: z.string(),
  peripheralType: z.string(),
  peripheralName: z.string(),
  /** Faults linked to the proposal. */
  faultCount: z.number(),
  status: z.enum(PROPOSAL_STATUSES),
  /** The record that answered it. */
  recordId: z.string().nullable(),
  createdAt: z.string(),
});
export type ProposalRow = z.infer<typeof ProposalRowSchema>;

const rules = '/support/v1/support/healthRule';
const proposals = '/support/v1/support/inspectionProposal';

/** Peripheral health: the thresholds that open work, and the inspections it proposes. */
export const healthEndpoints = {
  ruleList: defineEndpoint({
    method: 'GET',
    path: `${rules}/getList`,
    summary: 'The peripheral health rules: per peripheral type, how many faults in what window open work',
    tag: 'support',
    permission: 'support:order:rules',
    result: z.array(HealthRuleSchema),
  }),
  ruleSave: defineEndpoint({
    method: 'POST',
    path: `${rules}/addOrUpdate`,
    summary: 'Add a rule for a peripheral type, or change one',
    tag: 'support',
    permission: 'support:order:rules',
    body: HealthRuleSaveSchema,
    result: HealthRuleSchema,
  }),
  ruleDelete: defineEndpoint({
    method: 'POST',
    path: `${rules}/delete`,
    summary: 'Remove a rule; faults of its type open no more work',
    tag: 'support',
    permission: 'support:order:rules',
    body: z.strictObject({ id: z.uuid() }),
    result: z.object({ deleted: z.number() }),
  }),
  proposalPage: defineEndpoint({
    method: 'GET',
    path: `${proposals}/getPage`,
    summary: 'Inspections proposed by peripheral health, for the terminals in the caller’s scope',
    tag: 'support',
    permission: 'support:record:view',
    query: PageQuerySchema.extend({ status: z.enum(PROPOSAL_STATUSES).optional() }),
    result: pageSchema(ProposalRowSchema),
  }),
  proposalDismiss: defineEndpoint({
    method: 'POST',
    path: `${proposals}/dismiss`,
    summary: 'Set a proposed inspection aside without a visit',
    tag: 'support',
    permission: 'support:record:view',
    body: z.strictObject({ id: z.uuid() }),
    result: z.object({ dismissed: z.number() }),
  }),
};
