/** Envelope codes: the console reads `code`, the HTTP status tells proxies and logs the class. */
export const CODE = {
  ok: 1,
  invalid: 400,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  notLoggedIn: 500,
  internal: 9999,
} as const;

export type EnvelopeCode = (typeof CODE)[keyof typeof CODE];

/** HTTP status sent beside each envelope code. */
export const HTTP_STATUS: Record<EnvelopeCode, number> = {
  1: 200,
  400: 400,
  403: 403,
  404: 404,
  409: 409,
  413: 413,
  429: 429,
  500: 401,
  9999: 500,
};

type ErrorText = { code: EnvelopeCode; zh: string; en: string };

/**
 * Every error a caller can meet, with both texts. Modules add their own keys here so that a key
 * without texts cannot compile.
 */
export const ERRORS = {
  ok: { code: 1, zh: '操作成功', en: 'Operation succeeded' },
  invalidInput: { code: 400, zh: '请求参数有误', en: 'The request is invalid' },
  malformedJson: { code: 400, zh: '请求内容不是有效的 JSON', en: 'The request body is not valid JSON' },
  badPath: { code: 400, zh: '请求路径不合法', en: 'The request path is not allowed' },
  notLoggedIn: {
    code: 500,
    zh: '未登录或登录已过期，请重新登录',
    en: 'Not logged in or the session has ended; please log in again',
  },
  forbidden: { code: 403, zh: '没有权限执行此操作', en: 'You do not have permission for this operation' },
  notFound: { code: 404, zh: '请求的资源不存在', en: 'The requested resource does not exist' },
  routeNotFound: { code: 404, zh: '接口不存在', en: 'No such API endpoint' },
  conflict: { code: 409, zh: '数据冲突，操作未执行', en: 'Conflicting data; nothing was changed' },
  tooLarge: { code: 413, zh: '请求内容过大', en: 'The request is too large' },
  tooManyRequests: {
    code: 429,
    zh: '请求过于频繁，请稍后再试',
    en: 'Too many requests; please try again later',
  },
  internal: { code: 9999, zh: '服务器内部错误', en: 'Internal server error' },
  captchaInvalid: { code: 400, zh: '验证码错误或已过期', en: 'The captcha is wrong or has expired' },
  badCredentials: { code: 400, zh: '账号或密码错误', en: 'Wrong account or password' },
  accountDisabled: {
    code: 403,
    zh: '账号已被禁用，请联系管理员',
    en: 'This account is disabled; please contact the administrator',
  },
  accountPending: {
    code: 403,
    zh: '账号正在等待管理员审核',
    en: 'This account is waiting for administrator review',
  },
  loginThrottled: {
    code: 429,
    zh: '登录失败次数过多，请稍后再试',
    en: 'Too many failed logins; please try again later',
  },
  wrongSystem: { code: 400, zh: '系统编码不正确', en: 'Unknown system code' },
  messageNotFound: {
    code: 404,
    zh: '消息不存在或不在您的数据范围内',
    en: 'No such message in your data scope',
  },
  messageAlreadyPublished: {
    code: 409,
    zh: '消息已发布，不能再修改或重复发布',
    en: 'The message is already published; it can no longer be edited or published again',
  },
  messageNotPublished: {
    code: 400,
    zh: '消息尚未发布，不能标记为已读',
    en: 'The message has not been published yet, so it cannot be marked read',
  },
  messageNotForYou: { code: 403, zh: '这条消息不是发给您的', en: 'This message was not sent to you' },
  messageTargetsOutOfScope: {
    code: 400,
    zh: '部分接收对象不存在或不在您的数据范围内',
    en: 'Some recipients do not exist or are outside your data scope',
  },
} as const satisfies Record<string, ErrorText>;

export type ErrorKey = keyof typeof ERRORS;
