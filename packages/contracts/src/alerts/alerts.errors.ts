import type { ErrorText } from '../errors';

/** Errors of alert rules and alerts. */
export const ALERT_ERRORS = {
  alertRuleParamMissing: {
    code: 400,
    zh: '该条件缺少必填的阈值（如分钟、百分比、指标），未做任何更改',
    en: 'The condition needs its figures (minutes, percent, figure path…); nothing was changed',
  },
  alertRuleOutOfScope: {
    code: 400,
    zh: '所选分组、型号或接收人不在您的数据范围内，未做任何更改',
    en: 'A chosen group, model or recipient is outside your data scope; nothing was changed',
  },
} as const satisfies Record<string, ErrorText>;
