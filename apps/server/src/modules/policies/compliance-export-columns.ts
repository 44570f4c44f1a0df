import { POLICY_FIELD_LABELS, type TerminalFieldRow } from '@cpm/contracts';
import { columnsIn, type ExportColumn, enumLabels } from '../../shared/export-columns';

/** Compliance states as the policy's compliance view shows them. */
export const COMPLIANCE_STATE_LABELS = enumLabels('policies:states', {
  verified: ['已验证', 'Verified'],
  pending: ['待确认', 'Pending'],
  failed: ['失败', 'Failed'],
  drift: ['偏离', 'Drift'],
  unsupported: ['不支持', 'Unsupported'],
});

/** Severities as the policy editor and compliance view show them. */
export const POLICY_SEVERITY_LABELS = enumLabels('policies:severities', {
  critical: ['严重', 'Critical'],
  major: ['重要', 'Major'],
  minor: ['次要', 'Minor'],
  log: ['仅记录', 'Log only'],
});

/** Field names without the units the editor adds (the lock refusal names them the same way). */
export const POLICY_FIELD_EXPORT_LABELS = enumLabels(
  undefined,
  Object.fromEntries(Object.entries(POLICY_FIELD_LABELS).map(([k, l]) => [k, [l.zh, l.en] as const])),
);

/** A value as the compliance table shows it: JSON, nothing when absent. */
const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

const column = columnsIn<TerminalFieldRow>('policies:');

/** Columns of a compliance export (a policy's terminal-field rows under the view's filter). */
export const COMPLIANCE_EXPORT_COLUMNS: ExportColumn<TerminalFieldRow>[] = [
  column('sn', null, 'SN', 'SN', { width: 20 }),
  column('field', 'field', '字段', 'Field', { format: { enum: POLICY_FIELD_EXPORT_LABELS }, width: 22 }),
  column('desired', 'expected', '期望值', 'Expected', { value: (r) => json(r.desired), width: 28 }),
  column('actual', 'actual', '实际值', 'Actual', { value: (r) => json(r.actual), width: 28 }),
  column('state', 'state', '状态', 'State', { format: { enum: COMPLIANCE_STATE_LABELS } }),
  column('reason', null, '原因', 'Reason', { value: (r) => r.reason ?? r.message, width: 24 }),
  column('severity', 'severity', '严重级别', 'Severity', { format: { enum: POLICY_SEVERITY_LABELS } }),
  column('policyName', 'source', '来源策略', 'From policy', { width: 22 }),
  column('since', 'since', '起始时间', 'Since', { format: 'dateTime' }),
];
