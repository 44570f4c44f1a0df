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
  terminalSnReserved: {
    code: 409,
    zh: '该序列号为系统保留名称，不能用作终端序列号',
    en: 'This serial number is reserved by the system and cannot be used by a terminal',
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
    zh: '该角色仍有用户在使用，不能删除',
    en: 'Accounts still hold this role; it cannot be deleted',
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
  sysFileDuplicate: {
    code: 409,
    zh: '已存在同名同版本的系统文件',
    en: 'A system file with this name and version already exists',
  },
  sysFileInUse: {
    code: 409,
    zh: '该文件正被进行中的任务使用，不能删除',
    en: 'An active task uses this file; it cannot be deleted',
  },
  sysFileBadName: {
    code: 400,
    zh: '文件名不能包含中文或特殊字符',
    en: 'The file name must not contain Chinese or special characters',
  },
  sysFileNotApkOrZip: {
    code: 400,
    zh: '只能上传 APK 或 ZIP 文件（按文件内容判断）',
    en: 'Only APK or ZIP files can be uploaded (judged by their content)',
  },
  sysFileUpdateNotZip: {
    code: 400,
    zh: '系统升级包必须是 ZIP 文件',
    en: 'A system update must be a ZIP file',
  },
  sysFileBadZip: {
    code: 400,
    zh: 'ZIP 文件已损坏或无法读取',
    en: 'The ZIP file is damaged or cannot be read',
  },
  sysFileZipBomb: {
    code: 400,
    zh: 'ZIP 文件的条目数或解压后大小超出限制',
    en: 'The ZIP file has too many entries or expands beyond the limit',
  },
  storageQuotaExceeded: {
    code: 413,
    zh: '存储空间已超出企业配额，文件未保存',
    en: "The upload would exceed the enterprise's storage quota; nothing was stored",
  },
  mediaNameInvalid: {
    code: 400,
    zh: '文件名只能包含英文字母、数字、点、下划线和连字符，不能有中文或特殊字符',
    en: 'File names may hold only letters, digits, dots, underscores and hyphens; no Chinese or special characters',
  },
  mediaNameTaken: { code: 409, zh: '已存在同名文件', en: 'A file with this name already exists' },
  mediaNotFound: {
    code: 404,
    zh: '壁纸或开机动画不存在或不在您的数据范围内',
    en: 'No such wallpaper or boot animation in your data scope',
  },
  mediaUnreadable: {
    code: 400,
    zh: '无法从文件头读取分辨率，文件可能已损坏，未保存',
    en: "The resolution could not be read from the file's headers (damaged file?); nothing was stored",
  },
  bootFrameTooLarge: {
    code: 413,
    zh: '开机动画图片不能超过 500 KB，未保存',
    en: 'A boot animation image may be at most 500 KB; nothing was stored',
  },
  bootFrameWrongFormat: {
    code: 400,
    zh: '图片格式与开机动画的图片格式不一致',
    en: "The image's format differs from the boot animation's image format",
  },
  bootFrameWrongSize: {
    code: 400,
    zh: '图片尺寸必须与屏幕尺寸完全一致',
    en: 'The image must be exactly the screen size',
  },
  bootFrameNotFound: {
    code: 400,
    zh: '开机动画图片不存在或已被使用，请重新上传',
    en: 'A boot animation image is missing or already used; upload it again',
  },
  bootZipNotZip: {
    code: 400,
    zh: '文件不是有效的 ZIP 压缩包',
    en: 'The file is not a valid ZIP archive',
  },
  bootZipUnsafeEntry: {
    code: 400,
    zh: '压缩包中有不安全的路径（../ 或绝对路径），已拒绝',
    en: 'The archive holds an unsafe path (../ or an absolute path); refused',
  },
  bootZipTooBig: {
    code: 413,
    zh: '压缩包条目过多或解压后过大，已拒绝',
    en: 'The archive has too many entries or unpacks too large; refused',
  },
  bootZipCompressed: {
    code: 400,
    zh: '开机动画压缩包的条目必须以存储方式（不压缩）保存',
    en: 'The entries of a boot animation archive must be stored uncompressed',
  },
  bootZipDescInvalid: {
    code: 400,
    zh: 'desc.txt 缺失或格式错误（第一行为“宽 高 帧率”，其后为“p 次数 停顿 目录”）',
    en: 'desc.txt is missing or malformed (first line "width height fps", then "p count pause folder" lines)',
  },
  bootZipPartMissing: {
    code: 400,
    zh: 'desc.txt 中的目录在压缩包中不存在或没有图片',
    en: 'A folder named in desc.txt is missing from the archive or holds no images',
  },
  bootZipFrameInvalid: {
    code: 400,
    zh: '压缩包中的图片必须是 JPG 或 PNG，且与声明的屏幕尺寸一致、不超过 500 KB',
    en: 'Images in the archive must be JPG or PNG of the declared screen size and at most 500 KB',
  },
  orderTransitionRefused: {
    code: 409,
    zh: '工单当前状态不允许此操作（可能已被他人处理），未做任何更改',
    en: "The order's current state does not allow this action (someone may have handled it first); nothing was changed",
  },
  orderMediaInvalid: {
    code: 400,
    zh: '照片或视频无效：请上传工单图片或视频（PNG、JPEG、WebP、MP4，不超过 50 MB）',
    en: 'Invalid photo or video: upload order photos or videos (PNG, JPEG, WebP, MP4, up to 50 MB)',
  },
  orderFaultTypeUnknown: {
    code: 400,
    zh: '故障类型不在字典中',
    en: 'The fault type is not in the dictionary',
  },
  orderAssigneeUnknown: {
    code: 400,
    zh: '处理人不存在或不在您的数据范围内',
    en: 'The assignee does not exist or is outside your data scope',
  },
  orderNotFound: { code: 404, zh: '工单不存在或不在您的数据范围内', en: 'No such order in your data scope' },
  processNotFound: {
    code: 404,
    zh: '巡检流程不存在或不在您的数据范围内',
    en: 'No such inspection process in your data scope',
  },
  processTransitionRefused: {
    code: 409,
    zh: '巡检流程当前状态不允许此操作（可能已被他人更改），未做任何更改',
    en: "The inspection process's current state does not allow this action (someone may have changed it first); nothing was changed",
  },
  processNotActive: {
    code: 409,
    zh: '只能按已启用的巡检流程填写记录（草稿、停用或已删除的流程不可用）',
    en: 'Records can only be filed against an active process (not a draft, inactive or deleted one)',
  },
  processDeletedEdit: {
    code: 409,
    zh: '已删除的巡检流程不能编辑',
    en: 'A deleted inspection process cannot be edited',
  },
  recordItemMissing: {
    code: 400,
    zh: '有必填检查项未填写，记录未保存',
    en: 'A required content item is empty; the record was not saved',
  },
  recordNotFound: {
    code: 404,
    zh: '巡检记录不存在或不在您的数据范围内',
    en: 'No such inspection record in your data scope',
  },
  recordItemNotFailed: {
    code: 409,
    zh: '只有未通过的检查项可以发起工单，且每项只能发起一次',
    en: 'Only a failed item can open an order, and only once',
  },
  runTerminalNotFound: {
    code: 404,
    zh: '终端不存在或不在您的数据范围内',
    en: 'No such terminal in your data scope',
  },
  orderAssignClosed: {
    code: 409,
    zh: '已关闭或已驳回的工单不能再指派',
    en: 'A closed or rejected order cannot be reassigned',
  },
  healthRuleTypeTaken: {
    code: 409,
    zh: '该外设类型已有规则',
    en: 'This peripheral type has a rule already',
  },
  healthRuleNotFound: { code: 404, zh: '外设健康规则不存在', en: 'No such peripheral health rule' },
  proposalNotFound: {
    code: 404,
    zh: '巡检建议不存在、已处理或不在您的数据范围内',
    en: 'No such open inspection proposal in your data scope',
  },
  remoteTerminalOffline: {
    code: 409,
    zh: '终端离线，无法获取详情或实时信息',
    en: 'The terminal is offline, so details or real-time information cannot be fetched',
  },
  remotePasswordRequired: {
    code: 400,
    zh: '远程控制终端前请再次输入您的登录密码',
    en: 'Enter your password again to control a terminal',
  },
  remotePasswordWrong: {
    code: 400,
    zh: '密码错误，未打开远程会话',
    en: 'Wrong password; no remote session was opened',
  },
  remoteControlForbidden: {
    code: 403,
    zh: '您没有远程控制终端的权限，只能观看',
    en: 'You may not control terminals remotely, only watch',
  },
  remoteControllerBusy: {
    code: 409,
    zh: '已有其他用户在控制此终端，您可以以观看者身份加入',
    en: 'Someone else is controlling this terminal; you can join as an observer',
  },
  remotePolicyDenied: {
    code: 409,
    zh: '此终端所在分组的策略不允许远程桌面',
    en: "The terminal group's policy does not allow remote desktop sessions",
  },
  remoteConsentRefused: {
    code: 409,
    zh: '终端前的人员拒绝了远程会话',
    en: 'The person at the terminal refused the remote session',
  },
  remoteConsentTimeout: {
    code: 409,
    zh: '终端前无人应答远程会话请求',
    en: 'Nobody at the terminal answered the remote session request',
  },
  remoteTerminalTimeout: {
    code: 409,
    zh: '终端连接超时',
    en: 'Terminal connection timeout',
  },
  commandTerminalsOffline: {
    code: 409,
    zh: '终端离线，无法获取详情或实时信息；未发送指令（可选择在终端上线后执行）',
    en: 'The terminal is offline, so details or real-time information cannot be fetched; nothing was sent (you may queue the command until it is back)',
  },
  commandTerminalsUnknown: {
    code: 400,
    zh: '部分终端不存在或不在您的数据范围内，未发送指令',
    en: 'Some terminals do not exist or are outside your data scope; nothing was sent',
  },
  commandMixedPlatforms: {
    code: 400,
    zh: '所选终端既有 Android 也有 Windows，请分别发送',
    en: 'The terminals run both Android and Windows; send the command to each platform separately',
  },
  commandNotFound: {
    code: 404,
    zh: '指令不存在或不在您的数据范围内',
    en: 'No such command in your data scope',
  },
  commandTemplateDuplicate: {
    code: 409,
    zh: '已存在同名指令模板',
    en: 'A command template with this name already exists',
  },
  commandTemplateNotFound: {
    code: 404,
    zh: '指令模板不存在',
    en: 'No such command template',
  },
  commandTemplatesFull: {
    code: 409,
    zh: '指令模板已达上限（200 个），请先删除不用的模板',
    en: 'You have 200 command templates, the most allowed; delete one you no longer use first',
  },
  commandUploadUnknown: {
    code: 404,
    zh: '没有等待此文件的指令',
    en: 'No command of this terminal is waiting for this file',
  },
  remoteSessionNotFound: {
    code: 404,
    zh: '远程会话不存在或不在您的数据范围内',
    en: 'No such remote session in your data scope',
  },
  remoteSessionEnded: {
    code: 409,
    zh: '远程会话已结束',
    en: 'The remote session has ended',
  },
  remoteCloseForbidden: {
    code: 403,
    zh: '只有控制者或发起会话的用户可以结束会话',
    en: 'Only the controller or the user who opened the session can end it',
  },
  remoteTokenInvalid: {
    code: 400,
    zh: '远程连接令牌无效、已使用或已过期',
    en: 'The remote connection token is invalid, already used or expired',
  },
  remoteNotController: {
    code: 403,
    zh: '您正在观看，只有控制者可以操作终端',
    en: 'You are watching; only the controller can operate the terminal',
  },
  remoteRecordingNotFound: {
    code: 404,
    zh: '没有此会话的录像（可能已超过保留期限）',
    en: 'This session has no recording (it may have passed its retention period)',
  },
  apkNotApk: {
    code: 400,
    zh: '文件不是有效的 APK（无法读取 AndroidManifest.xml），未保存',
    en: 'The file is not a valid APK (its AndroidManifest.xml cannot be read); nothing was stored',
  },
  apkUnsigned: {
    code: 400,
    zh: 'APK 未签名（没有 v1、v2 或 v3 签名），终端无法安装，未保存',
    en: 'The APK is not signed (no v1, v2 or v3 signature), so no terminal could install it; nothing was stored',
  },
  apkBadSignature: {
    code: 400,
    zh: 'APK 签名校验失败（文件在签名后被修改或签名已损坏），未保存',
    en: 'The APK signature does not verify (the file was changed after signing or the signature is damaged); nothing was stored',
  },
  apkUnsafePath: {
    code: 400,
    zh: 'APK 含有指向包外的路径（如 ../），已拒绝',
    en: 'The APK contains a path leading outside the package (such as ../); it was refused',
  },
  apkZipBomb: {
    code: 400,
    zh: 'APK 的条目数或解压后大小超出限制（疑似压缩炸弹），已拒绝',
    en: 'The APK has too many entries or expands beyond the limit (a zip bomb); it was refused',
  },
  apkVersionNotHigher: {
    code: 409,
    zh: '版本号（versionCode）必须高于该应用的最新版本，未保存',
    en: "The version code must be above the app's latest version; nothing was stored",
  },
  apkDuplicateVersion: {
    code: 409,
    zh: '该应用已有相同版本号（versionCode）的版本，未保存',
    en: 'The app already has a version with this version code; nothing was stored',
  },
  apkSignerChanged: {
    code: 409,
    zh: 'APK 的签名证书与该应用之前的版本不同，终端会拒绝此更新，未保存',
    en: "The APK is signed with a different certificate than the app's earlier versions; terminals would refuse the update, so nothing was stored",
  },
  apkMinSdkTooHigh: {
    code: 400,
    zh: 'APK 要求的最低 Android 版本高于所有目标型号终端的系统版本，没有终端能安装，未保存',
    en: "The APK's minimum Android version is above the OS of every terminal of the target models, so none could install it; nothing was stored",
  },
  apkPackageTaken: {
    code: 409,
    zh: '该包名已被其他企业的应用使用，未保存',
    en: "This package name belongs to another enterprise's app; nothing was stored",
  },
  appNameRequired: {
    code: 400,
    zh: '应用名称只能包含英文字母和数字：APK 的名称不符合，请填写英文名称',
    en: "An app name may only contain English letters and digits: the APK's label does not qualify, so enter an English name",
  },
  appNotFound: {
    code: 404,
    zh: '应用不存在或不在您的数据范围内',
    en: 'No such app in your data scope',
  },
  appVersionNotFound: {
    code: 404,
    zh: '应用版本不存在或不在您的数据范围内',
    en: 'No such app version in your data scope',
  },
  appReviewConflict: {
    code: 409,
    zh: '该版本当前的审核状态不允许此操作（可能已被他人处理），未做任何更改',
    en: "The version's review state does not allow this (someone may have acted first); nothing was changed",
  },
  appReleaseConflict: {
    code: 409,
    zh: '该版本当前的发布状态不允许此操作（需先审核通过，或已被他人更改），未做任何更改',
    en: "The version's release state does not allow this (it must be approved first, or someone changed it); nothing was changed",
  },
  appShelfConflict: {
    code: 409,
    zh: '应用当前的上下架状态不允许此操作，或尚无审核通过的版本，未做任何更改',
    en: "The app's shelf state does not allow this, or it has no approved version yet; nothing was changed",
  },
  appVersionLocked: {
    code: 409,
    zh: '已提交审核或已通过的版本不能修改（被驳回后可修改再提交）',
    en: 'A version under review or approved cannot be edited (after a rejection it can be edited and resubmitted)',
  },
  appLaunchedDelete: {
    code: 409,
    zh: '已上架的应用或已发布的版本不能删除，请先下架或回滚',
    en: 'A launched app or a released version cannot be deleted; unlaunch or roll it back first',
  },
  appScreenshotInvalid: {
    code: 400,
    zh: '截图必须是 JPG 或 PNG 图片（按内容判断），且不超过 1 MB',
    en: 'A screenshot must be a JPG or PNG image (judged by content) of at most 1 MB',
  },
  appScreenshotLimit: {
    code: 400,
    zh: '截图数量已达上限',
    en: 'The app already has the most screenshots allowed',
  },
  appGraySnsUnknown: {
    code: 400,
    zh: '部分目标 SN 不存在或不在您的数据范围内，未发布',
    en: 'Some target SNs do not exist or are outside your data scope; nothing was released',
  },
  appRollbackNone: {
    code: 409,
    zh: '没有可回滚到的上一个已发布版本',
    en: 'There is no earlier released version to roll back to',
  },
  windowsInstallerInvalid: {
    code: 400,
    zh: 'Windows 应用必须是 EXE、MSI 或 ZIP 文件（按内容判断），未保存',
    en: 'A Windows app must be an EXE, MSI or ZIP file (judged by content); nothing was stored',
  },
  taskNotFound: { code: 404, zh: '任务不存在或不在您的数据范围内', en: 'No such task in your data scope' },
  taskTransitionRefused: {
    code: 409,
    zh: '任务当前状态不允许此操作（可能已被他人更改），未做任何更改',
    en: "The task's current state does not allow this action (someone may have changed it first); nothing was changed",
  },
  taskFinished: {
    code: 409,
    zh: '任务已经结束（已完成、已过期、创建失败或已驳回），不能停止',
    en: 'The task has already finished (complete, overdue, creation failed or rejected); it cannot be stopped',
  },
  taskExpired: {
    code: 409,
    zh: '任务已过过期时间，不能再次下发；请复制任务并设置新的时间',
    en: 'The task is past its expiry time and cannot be offered again; copy it and set new times',
  },
  taskTypeUnavailable: {
    code: 400,
    zh: '此任务类型尚不可用（安装应用任务随应用市场提供）',
    en: 'This task type is not available yet (install-app tasks come with the app market)',
  },
  taskFileUnknown: {
    code: 400,
    zh: '所选文件不存在、不在您的数据范围内或类型不符（系统升级需选择“系统更新”类型的文件）',
    en: 'The chosen file does not exist, is outside your data scope or has the wrong type (an OTA update needs a "system update" file)',
  },
  taskPackageUnknown: {
    code: 400,
    zh: '您的数据范围内没有终端安装了此应用包',
    en: 'No terminal in your data scope has this package installed',
  },
  taskTargetsOutOfScope: {
    code: 400,
    zh: '部分目标不存在或不在您的数据范围内，任务未创建',
    en: 'Some targets do not exist or are outside your data scope; the task was not created',
  },
  taskNoTargets: {
    code: 400,
    zh: '所选目标中没有此平台的可用终端，任务未创建',
    en: 'The targets reach no terminal of this platform; the task was not created',
  },
  taskCronInvalid: {
    code: 400,
    zh: 'Cron 表达式无效，或在过期时间前没有执行时间',
    en: 'The cron expression is invalid or has no occurrence before the expiry time',
  },
  taskStartTooLate: {
    code: 400,
    zh: '过期时间已过，任务未创建',
    en: 'The expiry time has already passed; the task was not created',
  },
  taskPasswordRequired: {
    code: 400,
    zh: '此类任务需要再次输入您的登录密码',
    en: 'This kind of task needs your password again',
  },
  taskPasswordWrong: { code: 400, zh: '密码错误，未做任何更改', en: 'Wrong password; nothing was changed' },
  taskSelfApproval: {
    code: 403,
    zh: '不能审批自己创建的任务，需由另一位有审批权限的用户审批',
    en: 'You cannot approve your own task; another user holding the approval permission must',
  },
  taskWhitelistNotFound: {
    code: 404,
    zh: '白名单不存在或不在您的数据范围内',
    en: 'No such whitelist in your data scope',
  },
  taskWhitelistDuplicate: {
    code: 409,
    zh: '已存在同名白名单',
    en: 'A whitelist with this name already exists',
  },
  taskWhitelistInUse: {
    code: 409,
    zh: '有进行中的任务使用此白名单，不能删除',
    en: 'An active task uses this whitelist; it cannot be deleted',
  },
  taskNothingToRetry: {
    code: 409,
    zh: '当前没有失败的终端可以重试',
    en: 'There are no failed terminals to retry',
  },
  geoRangeTooLong: {
    code: 400,
    zh: '时间范围不能超过 31 天，且开始时间须早于结束时间',
    en: 'The time range must start before it ends and span at most 31 days',
  },
  fenceNotFound: {
    code: 404,
    zh: '围栏不存在或不在您的数据范围内',
    en: 'No such geofence in your data scope',
  },
  fenceDuplicate: { code: 409, zh: '已存在同名围栏', en: 'A geofence with this name already exists' },
  fenceSelfIntersecting: {
    code: 400,
    zh: '多边形的边不能相交，请重新绘制',
    en: 'The polygon crosses itself; draw it again without crossing edges',
  },
  fenceTooFewPoints: {
    code: 400,
    zh: '多边形至少需要 3 个不同的顶点',
    en: 'A polygon needs at least 3 distinct corners',
  },
  fenceRadiusOutOfRange: {
    code: 400,
    zh: '圆形围栏的半径须在 10 米到 50 公里之间',
    en: 'The radius of a circular geofence must be between 10 m and 50 km',
  },
  fenceTargetForeign: {
    code: 400,
    zh: '只能把围栏分配给您自己的分组和终端',
    en: 'A geofence can be assigned only to your own groups and terminals',
  },
  fenceHoursInvalid: {
    code: 400,
    zh: '生效时段的开始和结束不能相同',
    en: 'The active hours must not start and end at the same time',
  },
} as const satisfies Record<string, ErrorText>;

export type ErrorKey = keyof typeof ERRORS;
