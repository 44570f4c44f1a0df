import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { POLICY_FIELD_KEYS } from '../policies/policy-fields';

/**
 * Configuration policies on the wire (policy protocol version 1): the server sends a revision and
 * the fields to apply; the terminal answers per field and reports local changes. See
 * `docs/device-protocol.md`, "Configuration policies".
 */
export const POLICY_PROTOCOL_VERSION = 1;

const FieldKey = z.enum(POLICY_FIELD_KEYS as [string, ...string[]]);

/** `down/policy`: apply these fields. `revision` grows with every change the server sends. */
export const PolicyDocumentSchema = z.object({
  type: z.literal('policy'),
  version: z.literal(POLICY_PROTOCOL_VERSION),
  revision: z.number().int().min(0),
  /** Only the fields to apply now, each with its value (variables already replaced). */
  fields: z.array(z.object({ field: FieldKey, value: z.unknown() })).max(64),
  ts: z.number().int(),
});
export type PolicyDocument = z.infer<typeof PolicyDocumentSchema>;

/** Reason codes a terminal gives for a field it could not apply (text says more). */
export const POLICY_FAILURE_REASONS = [
  'APP_NOT_INSTALLED',
  'APP_VERSION_MISMATCH',
  'INVALID_VALUE',
  'USER_REFUSED',
  'PERMISSION_DENIED',
  'DOWNLOAD_FAILED',
  'ACTUAL_MISMATCH',
  'INTERNAL_ERROR',
] as const;

/** The terminal's answer for one field it was sent. */
export const PolicyFieldResultSchema = z.discriminatedUnion('state', [
  z.object({ field: FieldKey, state: z.literal('applied'), actual: z.unknown() }),
  z.object({
    field: FieldKey,
    state: z.literal('failed'),
    reason: z.string().max(64),
    message: z.string().max(500).optional(),
    actual: z.unknown().optional(),
  }),
  z.object({ field: FieldKey, state: z.literal('unsupported'), message: z.string().max(500).optional() }),
]);
export type PolicyFieldResult = z.infer<typeof PolicyFieldResultSchema>;

/**
 * `up/policy` (or `POST /device/v1/agent/policy/report`): answers to a document (`revision` and `results`),
 * actual values that changed on the terminal (`changes`), or `sync` after every connection: the
 * terminal asks for its whole effective policy again.
 */
export const PolicyReportSchema = z.object({
  revision: z.number().int().min(0).optional(),
  results: z.array(PolicyFieldResultSchema).max(64).default([]),
  changes: z
    .array(z.object({ field: FieldKey, actual: z.unknown() }))
    .max(64)
    .default([]),
  sync: z.boolean().optional(),
  ts: z.number().int().optional(),
});
export type PolicyReport = z.infer<typeof PolicyReportSchema>;

/** The HTTP answer: what to apply next (no fields: nothing to do). */
export const PolicyReportAnswerSchema = z.object({ document: PolicyDocumentSchema.nullable() });
export type PolicyReportAnswer = z.infer<typeof PolicyReportAnswerSchema>;

const base = '/device/v1/agent/policy';

/** The HTTP side of configuration policies for terminals (HTTP Basic: SN and secret). */
export const policyAgentEndpoints = {
  pull: defineEndpoint({
    method: 'GET',
    path: base,
    summary: "The terminal's whole effective policy, to apply (sent after every hello and on demand)",
    tag: 'agent',
    result: PolicyReportAnswerSchema,
    device: true,
  }),
  report: defineEndpoint({
    method: 'POST',
    path: `${base}/report`,
    summary: 'Per-field results of a policy document and actual values changed on the terminal',
    tag: 'agent',
    body: PolicyReportSchema,
    result: PolicyReportAnswerSchema,
    device: true,
  }),
};
