import type { ErrorText } from '../errors';

/** Errors of remote desktop sessions and of remote commands with their templates. */
export const REMOTE_ERRORS = {
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
} as const satisfies Record<string, ErrorText>;
