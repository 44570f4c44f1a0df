import type { ErrorText } from '../errors';

/** Errors of webhook subscriptions. */
export const WEBHOOK_ERRORS = {
  webhookUrlNotSecure: {
    code: 400,
    zh: '回调地址必须使用 https（仅本机地址在开发配置下可用 http），未做任何更改',
    en: 'The URL must use https (http only for localhost, when the server allows it); nothing was changed',
  },
  webhookDisabled: {
    code: 409,
    zh: '订阅已停用，请先启用再发送',
    en: 'The subscription is disabled; enable it before sending',
  },
} as const satisfies Record<string, ErrorText>;
