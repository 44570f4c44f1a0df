import type { ErrorText } from '../errors';

/** Errors of the audit stream. */
export const AUDIT_STREAM_ERRORS = {
  auditStreamHostRequired: {
    code: 400,
    zh: '请先填写 syslog 接收端的主机',
    en: 'Enter the host of the syslog receiver first',
  },
  auditStreamRangeInvalid: {
    code: 400,
    zh: '开始时间须早于结束时间，且范围不能超过 366 天',
    en: 'The start must be before the end, and the range at most 366 days',
  },
} as const satisfies Record<string, ErrorText>;
