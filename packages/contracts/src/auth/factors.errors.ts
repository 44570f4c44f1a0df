import type { ErrorText } from '../errors';

/** Errors of second factors and of the sessions page. */
export const FACTOR_ERRORS = {
  factorCodeWrong: {
    code: 400,
    zh: '验证码错误或已使用，请输入验证器中当前的验证码',
    en: 'Wrong or already used code; enter the code your authenticator shows now',
  },
  factorStepExpired: {
    code: 401,
    zh: '两步验证已超时，请重新输入账号和密码',
    en: 'The sign-in step has expired; enter your account and password again',
  },
  factorThrottled: {
    code: 429,
    zh: '验证码错误次数过多，请稍后再试',
    en: 'Too many wrong codes; please try again later',
  },
  factorAlreadyEnrolled: {
    code: 409,
    zh: '已绑定验证器；如需更换请先由管理员重置',
    en: 'An authenticator is already enrolled; an administrator must reset it before another one',
  },
  factorNotStarted: {
    code: 400,
    zh: '请先开始绑定验证器',
    en: 'Start enrolling an authenticator first',
  },
  stepUpFactorRequired: {
    code: 403,
    zh: '此操作风险较高，请先用验证器、通行密钥或恢复码确认身份',
    en: 'This is a risky action; confirm it with your authenticator, a passkey or a recovery code first',
  },
  stepUpNoPasskey: {
    code: 400,
    zh: '此账号没有通行密钥，请输入验证器中的验证码或恢复码',
    en: 'This account has no passkey; enter your authenticator code or a recovery code',
  },
  factorLastRequired: {
    code: 409,
    zh: '企业或角色要求两步验证，不能移除最后一个验证方式；请先添加通行密钥',
    en: 'Two-factor authentication is required for you, so the last factor cannot be removed; add a passkey first',
  },
  factorRuleTarget: {
    code: 400,
    zh: '只能对企业的顶级账号或角色设置两步验证要求',
    en: "A two-factor requirement applies to an enterprise's top account or to a role",
  },
} as const satisfies Record<string, ErrorText>;
