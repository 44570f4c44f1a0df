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
  /** A terminal's SN and secret were missing or wrong (device endpoints only; the console never sees it). */
  deviceUnauthorized: 401,
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
  401: 401,
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
  deviceUnauthorized: {
    code: 401,
    zh: '终端序列号或密钥错误',
    en: 'Wrong terminal serial number or secret',
  },
  enrollmentKeyInvalid: {
    code: 403,
    zh: '注册密钥错误，或终端不属于该企业',
    en: 'Wrong enrollment key, or the terminal does not belong to that enterprise',
  },
  terminalNotRegistered: {
    code: 404,
    zh: '终端未登记，请先添加设备或导入出厂记录',
    en: 'The terminal is not registered; add it or import its factory record first',
  },
  terminalLoggedOff: { code: 409, zh: '终端已注销', en: 'The terminal has been logged off' },
  terminalMacMismatch: {
    code: 409,
    zh: '终端 MAC 地址与登记的不一致',
    en: 'The MAC address differs from the registered one',
  },
  terminalNotFound: { code: 404, zh: '终端不存在', en: 'No such terminal' },
  terminalSnTaken: { code: 409, zh: '序列号已存在', en: 'This serial number is already registered' },
  terminalMacTaken: {
    code: 409,
    zh: 'MAC 地址已被其他终端使用',
    en: 'This MAC address is used by another terminal',
  },
  modelUnknown: { code: 400, zh: '型号不存在', en: 'No such model' },
  groupUnknown: { code: 400, zh: '终端分组不存在', en: 'No such terminal group' },
  ownerUnknown: {
    code: 400,
    zh: '企业账号不存在或不可见',
    en: 'No such enterprise account, or not visible to you',
  },
  modelNameTaken: { code: 409, zh: '型号名称已存在', en: 'A model with this name already exists' },
  modelInUse: {
    code: 409,
    zh: '仍有终端使用该型号，不能删除',
    en: 'Terminals still use this model; it cannot be deleted',
  },
  peripheralUnknown: { code: 400, zh: '外设不存在', en: 'No such peripheral' },
  modelPeripheralTaken: {
    code: 409,
    zh: '该型号已设置此外设',
    en: 'This peripheral is already set for the model',
  },
  excelUnreadable: {
    code: 400,
    zh: '文件不是有效的 Excel (.xlsx) 文件',
    en: 'The file is not a valid Excel (.xlsx) file',
  },
  excelTooManyRows: { code: 413, zh: '导入行数过多', en: 'Too many rows to import at once' },
} as const satisfies Record<string, ErrorText>;

export type ErrorKey = keyof typeof ERRORS;
