import type { ErrorText } from '../errors';

/** Errors of service accounts and their API keys. */
export const SERVICE_ACCOUNT_ERRORS = {
  apiKeyInvalid: {
    code: 500,
    zh: 'API 密钥无效、已过期或已吊销',
    en: 'The API key is invalid, expired or revoked',
  },
  apiKeyLocked: {
    code: 429,
    zh: '失败的认证次数过多，此密钥前缀已被暂时锁定，请稍后再试',
    en: 'Too many failed authentications: this key prefix is locked for a while; try again later',
  },
  apiKeyRateLimited: {
    code: 429,
    zh: '此 API 密钥的请求过于频繁，请在限额重置后再试',
    en: 'Too many requests with this API key; try again when the limit resets',
  },
  apiKeySourceRefused: {
    code: 403,
    zh: '此 API 密钥不允许从当前地址使用',
    en: 'This API key may not be used from this address',
  },
  apiKeyConsoleOnly: {
    code: 403,
    zh: '此操作只能在控制台登录会话中进行，API 密钥不能执行',
    en: 'Only a signed-in console session can do this; an API key cannot',
  },
  apiKeyScopesOutsideRole: {
    code: 400,
    zh: '密钥的权限范围必须是服务账号角色权限的子集',
    en: "A key's scopes must be a subset of the service account's role permissions",
  },
  apiKeyNotActive: {
    code: 409,
    zh: '此密钥已吊销或已过期，不能再轮换或吊销',
    en: 'This key is already revoked or expired; it cannot be rotated or revoked',
  },
  serviceAccountNameTaken: {
    code: 409,
    zh: '已有同名的服务账号',
    en: 'A service account with this name already exists',
  },
} as const satisfies Record<string, ErrorText>;
