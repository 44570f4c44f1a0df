import type { ErrorText } from '../errors';

/** Errors of configuration policies. */
export const POLICY_ERRORS = {
  policyFieldLocked: {
    code: 409,
    zh: '字段已被上级策略锁定，不能覆盖，未做任何更改',
    en: 'A field is locked by a policy above; it cannot be overridden and nothing was changed',
  },
  policyEmpty: {
    code: 400,
    zh: '策略至少要设置一个字段，未做任何更改',
    en: 'A policy sets at least one field; nothing was changed',
  },
  policyTargetOutOfScope: {
    code: 403,
    zh: '分配目标不在您的管理范围内，未做任何更改',
    en: 'The assignment target is outside your accounts; nothing was changed',
  },
  policyNameTaken: { code: 409, zh: '策略名称已存在', en: 'A policy with this name already exists' },
  policyInUse: {
    code: 409,
    zh: '策略仍分配给设备，请先取消分配再删除',
    en: 'The policy is still assigned; remove its assignments before deleting it',
  },
} as const satisfies Record<string, ErrorText>;
