import type { ErrorText } from '../errors';

/** Errors of remote tasks and the file whitelist. */
export const TASK_ERRORS = {
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
} as const satisfies Record<string, ErrorText>;
