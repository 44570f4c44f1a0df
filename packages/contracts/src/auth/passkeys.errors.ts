import type { ErrorText } from '../errors';

/** Errors of passkeys (WebAuthn). */
export const PASSKEY_ERRORS = {
  passkeyChallengeExpired: {
    code: 400,
    zh: '通行密钥请求已过期或已使用，请重试',
    en: 'The passkey request has expired or was already used; please try again',
  },
  passkeyRejected: {
    code: 400,
    zh: '通行密钥验证未通过，请使用为此账号注册的通行密钥重试',
    en: 'The passkey could not be verified; try again with a passkey registered for this account',
  },
  passkeyUnknown: {
    code: 401,
    zh: '此通行密钥未在本系统注册或已被移除',
    en: 'This passkey is not registered here or has been removed',
  },
  passkeyAlreadyRegistered: {
    code: 409,
    zh: '此通行密钥已注册',
    en: 'This passkey is already registered',
  },
  passkeyPasswordlessOff: {
    code: 403,
    zh: '您所在的企业未开启通行密钥免密码登录，请先输入账号和密码',
    en: 'Your enterprise does not allow signing in with a passkey alone; enter your account and password first',
  },
  passkeyUnavailable: {
    code: 400,
    zh: '本服务器未配置通行密钥（需使用域名访问并设置 WEBAUTHN_RP_ID）',
    en: 'Passkeys are not set up on this server (it needs a domain name and WEBAUTHN_RP_ID)',
  },
} as const satisfies Record<string, ErrorText>;
