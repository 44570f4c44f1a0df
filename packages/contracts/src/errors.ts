import { ALERT_ERRORS } from './alerts/alerts.errors';
import { APP_MARKET_ERRORS } from './appmarket/appmarket.errors';
import { AUDIT_STREAM_ERRORS } from './auditstream/auditstream.errors';
import { FACTOR_ERRORS } from './auth/factors.errors';
import { PASSKEY_ERRORS } from './auth/passkeys.errors';
import { SSO_ERRORS } from './auth/sso.errors';
import { GEO_ERRORS } from './geo/geo.errors';
import { MEDIA_ERRORS } from './media/media.errors';
import { POLICY_ERRORS } from './policies/policies.errors';
import { REMOTE_ERRORS } from './remote/remote.errors';
import { REPORT_ERRORS } from './reports/reports.errors';
import { SERVICE_ACCOUNT_ERRORS } from './serviceaccounts/serviceaccounts.errors';
import { SUPPORT_ERRORS } from './support/support.errors';
import { SYS_FILE_ERRORS } from './sysfiles/sysfiles.errors';
import { TASK_ERRORS } from './tasks/tasks.errors';
import { WEBHOOK_ERRORS } from './webhooks/webhooks.errors';

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

/** An error's envelope code and its texts in both languages. */
export type ErrorText = { code: EnvelopeCode; zh: string; en: string };

/**
 * Every error a caller can meet, with both texts: the shared ones here, a large domain's beside its
 * contract (`<domain>/<domain>.errors.ts`), so that a key without texts cannot compile.
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
  catalogueShared: {
    code: 403,
    zh: '型号和外设为所有企业共用，仅平台管理员可以修改',
    en: 'Models and peripherals are shared by every enterprise; only platform administrators may change them',
  },
  notFound: { code: 404, zh: '请求的资源不存在', en: 'The requested resource does not exist' },
  routeNotFound: { code: 404, zh: '接口不存在', en: 'No such API endpoint' },
  conflict: { code: 409, zh: '数据冲突，操作未执行', en: 'Conflicting data; nothing was changed' },
  tooLarge: { code: 413, zh: '请求内容过大', en: 'The request is too large' },
  tooManyRequests: {
    code: 429,
    zh: '请求过于频繁，请稍后再试',
    en: 'Too many requests; please try again later',
  },
  filesRateLimited: {
    code: 429,
    zh: '上传文件过于频繁，请稍后再试',
    en: 'Too many uploads in a short time; please wait a minute and try again',
  },
  jobsRateLimited: {
    code: 429,
    zh: '导出或后台任务提交过于频繁，请稍后再试',
    en: 'Too many exports or background jobs started in a short time; please wait a minute and try again',
  },
  linksRateLimited: {
    code: 429,
    zh: '下载链接申请过于频繁，请稍后再试',
    en: 'Too many download links requested in a short time; please wait a minute and try again',
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
  passwordThrottled: {
    code: 429,
    zh: '密码错误次数过多，请稍后再试',
    en: 'Too many wrong passwords; please try again later',
  },
  wrongSystem: { code: 400, zh: '系统编码不正确', en: 'Unknown system code' },
  deviceUnauthorized: {
    code: 401,
    zh: '终端序列号或密钥错误',
    en: 'Wrong terminal serial number or secret',
  },
  enrollmentRefused: {
    code: 403,
    zh: '注册被拒绝：终端未在该注册密钥所属的企业登记，或密钥错误。请核对密钥，或先添加设备、导入出厂记录',
    en: 'Enrollment refused: the terminal is not registered with the enterprise of this key, or the key is wrong. Check the key, or add the terminal or import its factory record first',
  },
  terminalLoggedOff: { code: 409, zh: '终端已注销', en: 'The terminal has been logged off' },
  terminalMacMismatch: {
    code: 409,
    zh: '终端 MAC 地址与登记的不一致',
    en: 'The MAC address differs from the registered one',
  },
  terminalNotFound: { code: 404, zh: '终端不存在', en: 'No such terminal' },
  terminalOffline: {
    code: 409,
    zh: '终端离线，无法获取详情或实时信息',
    en: 'The terminal is offline, so details or real-time information cannot be fetched',
  },
  terminalSnUnavailable: {
    code: 409,
    zh: '该序列号不能在您的账号下登记（系统保留或不可用），请核对序列号',
    en: 'This serial number cannot be registered under your account (reserved or unavailable); check it',
  },
  terminalMacUnavailable: {
    code: 409,
    zh: '该 MAC 地址不能在您的账号下登记，请核对 MAC 地址',
    en: 'This MAC address cannot be registered under your account; check it',
  },
  terminalSnTaken: { code: 409, zh: '序列号已存在', en: 'This serial number is already registered' },
  terminalTakenAnswersThrottled: {
    code: 429,
    zh: '短时间内“已被登记”的结果过多，请 10 分钟后再添加或导入终端',
    en: 'Too many "already registered" answers in a short time; add or import terminals again in 10 minutes',
  },
  terminalMacTaken: {
    code: 409,
    zh: 'MAC 地址已被其他终端使用',
    en: 'This MAC address is used by another terminal',
  },
  modelUnknown: { code: 400, zh: '型号不存在', en: 'No such model' },
  groupUnknown: { code: 400, zh: '终端分组不存在', en: 'No such terminal group' },
  storeNotAddable: {
    code: 403,
    zh: '该门店不在您的门店范围内，没有添加终端的权限',
    en: 'This store is outside your store scope: you have no permission to add terminals to it',
  },
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
  excelTooLarge: {
    code: 413,
    zh: 'Excel 文件内容过大（解压后超过限制），未导入任何数据；请拆分后分批导入',
    en: 'The spreadsheet holds too much data (over the unpacked size limit); nothing was imported. Split it and import the parts',
  },
  importBusy: {
    code: 429,
    zh: '其他导入正在处理中，请稍后重试',
    en: 'Other imports are being read; try again in a moment',
  },
  groupNumberTaken: { code: 409, zh: '分组编号已存在', en: 'A group with this number already exists' },
  groupHasChildren: {
    code: 409,
    zh: '该分组下还有子分组，不能删除',
    en: 'This group still has sub-groups and cannot be deleted',
  },
  groupInUse: {
    code: 409,
    zh: '该分组下还有终端或被用户的门店范围引用，不能删除',
    en: 'This group still holds terminals or is a user’s store scope and cannot be deleted',
  },
  parentIsDescendant: {
    code: 400,
    zh: '上级不能是自身或自身的下级',
    en: 'The parent cannot be the entry itself or one of its descendants',
  },
  usernameTaken: { code: 409, zh: '用户名已存在', en: 'This username is already taken' },
  passwordRequired: { code: 400, zh: '请输入密码', en: 'Please enter a password' },
  userHasSubordinates: {
    code: 409,
    zh: '该用户还有下级账号或名下数据，不能删除',
    en: 'This user still has subordinate accounts or owns data and cannot be deleted',
  },
  cannotChangeSelf: {
    code: 400,
    zh: '不能对自己的账号执行此操作',
    en: 'You cannot do this to your own account',
  },
  roleNotAssignable: {
    code: 403,
    zh: '不能分配超出自身权限的角色或菜单',
    en: 'You cannot grant a role or menu beyond your own permissions',
  },
  roleCodeTaken: { code: 409, zh: '角色编码已存在', en: 'A role with this code already exists' },
  roleInUse: {
    code: 409,
    zh: '该角色仍有用户或服务账号在使用，不能删除',
    en: 'Accounts or service accounts still hold this role; it cannot be deleted',
  },
  builtInReadOnly: {
    code: 403,
    zh: '内置数据只能由平台管理员修改',
    en: 'Built-in entries can only be changed by a platform administrator',
  },
  menuHasChildren: {
    code: 409,
    zh: '该菜单下还有子菜单或按钮，不能删除',
    en: 'This menu still has children and cannot be deleted',
  },
  dictCodeTaken: { code: 409, zh: '字典编码已存在', en: 'A dictionary with this code already exists' },
  dictValueTaken: {
    code: 409,
    zh: '该字典中已有相同的值',
    en: 'This dictionary already has an item with this value',
  },
  notInReview: { code: 409, zh: '该账号不在待审核状态', en: 'This account is not waiting for review' },
  detailsNotExpected: {
    code: 409,
    zh: '当前账号状态无需填写资料',
    en: 'This account does not need its details completed now',
  },
  emailCodeTooSoon: {
    code: 429,
    zh: '1分钟内请勿重复点击',
    en: 'Please do not click again within 1 minute',
  },
  mailNotSent: {
    code: 9999,
    zh: '邮件发送失败，请稍后重试',
    en: 'The mail could not be sent; please try again later',
  },
  emailCodeInvalid: {
    code: 400,
    zh: '邮箱验证码错误、已过期或已使用',
    en: 'The email code is wrong, has expired or was already used',
  },
  passwordsDoNotMatch: { code: 400, zh: '两次输入的密码不一致！', en: 'The passwords do not match!' },
  currentPasswordWrong: { code: 400, zh: '当前密码不正确', en: 'The current password is wrong' },
  weakPassword: {
    code: 400,
    zh: '密码必须包含大小写字母、数字和特殊字符，且不少于8位',
    en: 'The password must contain upper and lower case letters, digits and special characters and be at least 8 characters',
  },
  badCipher: {
    code: 400,
    zh: '密码未按要求加密，请刷新页面后重试',
    en: 'The password was not encrypted as expected; reload the page and try again',
  },
  activationInvalid: {
    code: 400,
    zh: '激活链接无效或已过期（有效期24小时）',
    en: 'The activation link is invalid or has expired (it is valid for 24 hours)',
  },
  passwordRequiredForNew: {
    code: 400,
    zh: '新建记录时必须填写密码',
    en: 'A password is required for a new record',
  },
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
  messagesReadAllFailed: {
    code: 9999,
    zh: '批量标记已读失败',
    en: 'Batch mark as read failed',
  },
  fileDeleteFailed: {
    code: 9999,
    zh: '文件删除失败',
    en: 'File deletion failed',
  },
  snNoConfig: {
    code: 404,
    zh: '该SN没有配置信息',
    en: 'SN has no configuration information',
  },
  messageNotForYou: { code: 403, zh: '这条消息不是发给您的', en: 'This message was not sent to you' },
  messageTargetsOutOfScope: {
    code: 400,
    zh: '部分接收对象不存在或不在您的数据范围内',
    en: 'Some recipients do not exist or are outside your data scope',
  },
  uploadMissing: {
    code: 400,
    zh: '请求中没有文件（表单字段 file）',
    en: 'No file was sent (form field "file")',
  },
  uploadEmpty: { code: 400, zh: '文件为空', en: 'The file is empty' },
  uploadTooLarge: {
    code: 413,
    zh: '文件超过大小限制，未保存',
    en: 'The file is over the size limit; nothing was stored',
  },
  imageTooManyPixels: {
    code: 400,
    zh: '图片尺寸过大（最多 6400 万像素，每边最多 20000 像素），未保存',
    en: 'The image is too large in pixels (at most 64 megapixels and 20,000 pixels a side); nothing was stored',
  },
  uploadTypeRefused: {
    code: 400,
    zh: '文件类型不允许（按文件内容判断，而非扩展名）',
    en: 'This file type is not allowed here (judged by its content, not its extension)',
  },
  uploadIncomplete: {
    code: 400,
    zh: '文件上传不完整，未保存，请重新上传',
    en: 'The upload was cut short; nothing was stored. Please upload again',
  },
  uploadBadName: {
    code: 400,
    zh: '文件名不能为空，且不能包含路径分隔符或控制字符',
    en: 'The file name must not be empty or contain path separators or control characters',
  },
  blobNotFound: { code: 404, zh: '文件不存在或不在您的数据范围内', en: 'No such file in your data scope' },
  rangeNotSatisfiable: {
    code: 400,
    zh: '请求的字节范围超出文件大小',
    en: 'The requested byte range is outside the file',
  },
  signedUrlInvalid: {
    code: 403,
    zh: '下载链接无效或已过期',
    en: 'The download link is invalid or has expired',
  },
  jobNotFound: { code: 404, zh: '任务不存在或不是您发起的', en: 'No such job among the jobs you started' },
  exportFileNotFound: {
    code: 404,
    zh: '导出文件不存在或已过期，请重新导出',
    en: 'The exported file does not exist or has expired; export the list again',
  },
  storageQuotaExceeded: {
    code: 413,
    zh: '存储空间已超出企业配额，文件未保存；请删除不再需要的文件，或联系平台管理员提高配额',
    en: "The upload would exceed the enterprise's storage quota; nothing was stored. Delete files you no longer need or ask the platform administrator for a larger quota",
  },
  ...MEDIA_ERRORS,
  ...SUPPORT_ERRORS,
  ...REMOTE_ERRORS,
  ...APP_MARKET_ERRORS,
  ...TASK_ERRORS,
  ...GEO_ERRORS,
  ...SERVICE_ACCOUNT_ERRORS,
  ...FACTOR_ERRORS,
  ...PASSKEY_ERRORS,
  ...WEBHOOK_ERRORS,
  ...POLICY_ERRORS,
  ...ALERT_ERRORS,
  ...AUDIT_STREAM_ERRORS,
  ...SSO_ERRORS,
  ...REPORT_ERRORS,
  ...SYS_FILE_ERRORS,
} as const satisfies Record<string, ErrorText>;

export type ErrorKey = keyof typeof ERRORS;
