import type { ErrorText } from '../errors';

/** Errors of single sign-on. */
export const SSO_ERRORS = {
  ssoRateLimited: {
    code: 429,
    zh: '单点登录请求过于频繁，请稍后再试',
    en: 'Too many single sign-on requests from this address; please wait a minute and try again',
  },
  ssoUnreachable: {
    code: 400,
    zh: '无法连接身份提供方，请稍后再试或联系管理员',
    en: 'The identity provider cannot be reached; try again later or ask your administrator',
  },
  ssoStateMismatch: {
    code: 400,
    zh: '登录请求不匹配（state 或 nonce 校验失败），请重新发起单点登录',
    en: 'The sign-in response does not match this request (state or nonce); start single sign-on again',
  },
  ssoTokenInvalid: {
    code: 400,
    zh: '身份提供方返回的令牌无效（签名、颁发者、受众或有效期不符），已拒绝登录',
    en: 'The identity token is not valid (signature, issuer, audience or expiry); sign-in refused',
  },
  ssoNotMapped: {
    code: 403,
    zh: '您的账号不属于任何已映射到角色的组，请联系管理员',
    en: 'Your account is in no group mapped to a role; ask your administrator',
  },
  ssoRefused: {
    code: 403,
    zh: '身份提供方拒绝了登录，请联系管理员',
    en: 'The identity provider refused the sign-in; ask your administrator',
  },
  ssoNoAccount: {
    code: 403,
    zh: '此账号尚未开通，且企业未开启首次登录自动创建账号',
    en: 'No account exists for you and your enterprise does not create accounts on first sign-in',
  },
  ssoFlowExpired: {
    code: 400,
    zh: '单点登录已超时，请重新发起',
    en: 'The single sign-on attempt has expired; start it again',
  },
  ssoNotAvailable: {
    code: 404,
    zh: '未找到可用的单点登录配置',
    en: 'No single sign-on is set up for this',
  },
  ssoOnly: {
    code: 403,
    zh: '您的企业要求通过单点登录进入，请使用“企业单点登录”',
    en: 'Your enterprise requires single sign-on; use "Sign in with your organisation"',
  },
  ssoTarget: {
    code: 400,
    zh: '单点登录只能为企业的顶级账号设置',
    en: "Single sign-on is set on an enterprise's top account",
  },
  ssoTaken: {
    code: 409,
    zh: '该企业代码或邮箱域名已被其他企业使用',
    en: 'That enterprise code or e-mail domain is used by another enterprise',
  },
} as const satisfies Record<string, ErrorText>;
