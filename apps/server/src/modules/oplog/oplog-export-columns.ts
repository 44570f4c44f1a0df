import type { OperationLogRow } from '@cpm/contracts';
import { columnsIn, type ExportColumn, enumLabels, resultLabels } from '../../shared/export-columns';

/**
 * What each action code is called on the operation log page (the code doubles as the console's
 * catalogue key `oplog.actions.<code>`). A code without a label is written as it is.
 */
export const OPLOG_ACTION_LABELS = enumLabels('accounts:oplog.actions', {
  login: ['登录', 'Log in'],
  'user.create': ['新增用户', 'Create user'],
  'user.update': ['编辑用户', 'Edit user'],
  'user.roles': ['变更用户角色', 'Change user roles'],
  'user.enable': ['启用用户', 'Enable user'],
  'user.disable': ['禁用用户', 'Disable user'],
  'user.delete': ['删除用户', 'Delete user'],
  'user.approve': ['审核通过', 'Approve account'],
  'user.reject': ['审核驳回', 'Reject account'],
  'password.change': ['修改密码', 'Change password'],
  'password.reset': ['重置密码', 'Reset password'],
  'session.kick': ['强制下线', 'Sign out sessions'],
  'role.create': ['新增角色', 'Create role'],
  'role.update': ['编辑角色', 'Edit role'],
  'role.delete': ['删除角色', 'Delete role'],
  'menu.create': ['新增菜单', 'Create menu'],
  'menu.update': ['编辑菜单', 'Edit menu'],
  'menu.delete': ['删除菜单', 'Delete menu'],
  'account.register': ['注册账号', 'Register'],
  'account.activate': ['激活账号', 'Activate account'],
  'account.details': ['提交资料', 'Submit details'],
  'private.reveal': ['查看私有化密码', 'Reveal customer password'],
  'sysFile.upload': ['上传系统文件', 'Upload system file'],
  'sysFile.delete': ['删除系统文件', 'Delete system file'],
  'sysFile.quota': ['设置存储配额', 'Set storage quota'],
  'app.upload': ['上传应用', 'Upload app'],
  'app.delete': ['删除应用', 'Delete app'],
  'app.launch': ['上架应用', 'Launch app'],
  'app.unlaunch': ['下架应用', 'Unlaunch app'],
  'app.approve': ['应用审核通过', 'Approve app version'],
  'app.reject': ['驳回应用', 'Reject app version'],
  'app.gray': ['灰度发布', 'Gray release'],
  'app.official': ['正式发布', 'Official release'],
  'app.pause': ['暂停发布', 'Pause release'],
  'app.rollback': ['回滚发布', 'Roll back release'],
  'task.create': ['创建任务', 'Create task'],
  'task.stop': ['停止任务', 'Stop task'],
  'task.restart': ['重启任务', 'Restart task'],
  'task.resume': ['放行下一批', 'Release next wave'],
  'task.retry': ['重试失败终端', 'Retry failed terminals'],
  'task.delete': ['删除任务', 'Delete task'],
  'task.approve': ['批准任务', 'Approve task'],
  'task.reject': ['驳回任务', 'Reject task'],
  'whitelist.create': ['新建白名单', 'Create whitelist'],
  'whitelist.update': ['编辑白名单', 'Edit whitelist'],
  'whitelist.removeSns': ['从白名单移除序列号', 'Take SNs off a whitelist'],
  'whitelist.delete': ['删除白名单', 'Delete whitelist'],
  'fence.create': ['新增电子围栏', 'Create geofence'],
  'fence.update': ['编辑电子围栏', 'Edit geofence'],
  'fence.delete': ['删除电子围栏', 'Delete geofence'],
  'command.run': ['执行远程指令', 'Run remote command'],
  'command.templateAdd': ['保存指令模板', 'Save command template'],
  'command.templateDelete': ['删除指令模板', 'Delete command template'],
  'payment.lock': ['锁定支付应用（电子围栏）', 'Lock payment app (geofence)'],
  'payment.unlock': ['解锁支付应用（电子围栏）', 'Unlock payment app (geofence)'],
  'auditStream.save': ['保存审计日志流设置', 'Save audit stream settings'],
  'auditStream.test': ['发送审计日志流测试消息', 'Send audit stream test message'],
  'security.signIn': ['安全事件：登录', 'Security: sign-in'],
  'security.signInFailed': ['安全事件：登录失败', 'Security: failed sign-in'],
  'security.signOut': ['安全事件：退出登录', 'Security: sign-out'],
  'security.permissionChange': ['安全事件：权限变更', 'Security: permission change'],
  'security.remoteSessionStart': ['安全事件：远程桌面开始', 'Security: remote desktop started'],
  'security.remoteSessionEnd': ['安全事件：远程桌面结束', 'Security: remote desktop ended'],
  'security.shellCommand': ['安全事件：发送 Shell 指令', 'Security: shell command sent'],
  'security.apiKeyUse': ['安全事件：使用 API 密钥', 'Security: API key used'],
});

/** Results of an operation as the operation log page shows them. */
export const OPLOG_RESULT_LABELS = resultLabels('accounts:oplog');

const column = columnsIn<OperationLogRow>('accounts:');

/** Columns of the operation log export: the page's columns. */
export const OPLOG_EXPORT_COLUMNS: ExportColumn<OperationLogRow>[] = [
  column('at', 'oplog.at', '时间', 'Time', { format: 'dateTime', width: 22 }),
  column('actorName', 'oplog.actor', '操作人', 'Actor'),
  column('ip', 'oplog.ip', '地址', 'Address'),
  column('action', 'oplog.action', '操作', 'Action', { format: { enum: OPLOG_ACTION_LABELS }, width: 24 }),
  column('object', 'oplog.object', '对象', 'Object', { value: (r) => r.objectName ?? r.objectId }),
  column('result', 'oplog.result', '结果', 'Result', { format: { enum: OPLOG_RESULT_LABELS } }),
  column('detail', 'oplog.detail', '详情', 'Detail', { width: 40 }),
];
