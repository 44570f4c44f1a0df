import type { OperationLogRow } from '@cpm/contracts';
import type { EnumLabels, ExportColumn } from '../../shared/export-columns';

/**
 * What each action code is called on the operation log page (the code doubles as the console's
 * catalogue key `oplog.actions.<code>`). A code without a label is written as it is.
 */
export const OPLOG_ACTION_LABELS: EnumLabels = {
  page: 'accounts:oplog.actions',
  labels: {
    login: { zh: '登录', en: 'Log in' },
    'user.create': { zh: '新增用户', en: 'Create user' },
    'user.update': { zh: '编辑用户', en: 'Edit user' },
    'user.roles': { zh: '变更用户角色', en: 'Change user roles' },
    'user.enable': { zh: '启用用户', en: 'Enable user' },
    'user.disable': { zh: '禁用用户', en: 'Disable user' },
    'user.delete': { zh: '删除用户', en: 'Delete user' },
    'user.approve': { zh: '审核通过', en: 'Approve account' },
    'user.reject': { zh: '审核驳回', en: 'Reject account' },
    'password.change': { zh: '修改密码', en: 'Change password' },
    'password.reset': { zh: '重置密码', en: 'Reset password' },
    'session.kick': { zh: '强制下线', en: 'Sign out sessions' },
    'role.create': { zh: '新增角色', en: 'Create role' },
    'role.update': { zh: '编辑角色', en: 'Edit role' },
    'role.delete': { zh: '删除角色', en: 'Delete role' },
    'menu.create': { zh: '新增菜单', en: 'Create menu' },
    'menu.update': { zh: '编辑菜单', en: 'Edit menu' },
    'menu.delete': { zh: '删除菜单', en: 'Delete menu' },
    'account.register': { zh: '注册账号', en: 'Register' },
    'account.activate': { zh: '激活账号', en: 'Activate account' },
    'account.details': { zh: '提交资料', en: 'Submit details' },
    'private.reveal': { zh: '查看私有化密码', en: 'Reveal customer password' },
    'sysFile.upload': { zh: '上传系统文件', en: 'Upload system file' },
    'sysFile.delete': { zh: '删除系统文件', en: 'Delete system file' },
    'sysFile.quota': { zh: '设置存储配额', en: 'Set storage quota' },
    'app.upload': { zh: '上传应用', en: 'Upload app' },
    'app.delete': { zh: '删除应用', en: 'Delete app' },
    'app.launch': { zh: '上架应用', en: 'Launch app' },
    'app.unlaunch': { zh: '下架应用', en: 'Unlaunch app' },
    'app.approve': { zh: '应用审核通过', en: 'Approve app version' },
    'app.reject': { zh: '驳回应用', en: 'Reject app version' },
    'app.gray': { zh: '灰度发布', en: 'Gray release' },
    'app.official': { zh: '正式发布', en: 'Official release' },
    'app.pause': { zh: '暂停发布', en: 'Pause release' },
    'app.rollback': { zh: '回滚发布', en: 'Roll back release' },
    'task.create': { zh: '创建任务', en: 'Create task' },
    'task.stop': { zh: '停止任务', en: 'Stop task' },
    'task.restart': { zh: '重启任务', en: 'Restart task' },
    'task.resume': { zh: '放行下一批', en: 'Release next wave' },
    'task.retry': { zh: '重试失败终端', en: 'Retry failed terminals' },
    'task.delete': { zh: '删除任务', en: 'Delete task' },
    'task.approve': { zh: '批准任务', en: 'Approve task' },
    'task.reject': { zh: '驳回任务', en: 'Reject task' },
    'whitelist.create': { zh: '新建白名单', en: 'Create whitelist' },
    'whitelist.update': { zh: '编辑白名单', en: 'Edit whitelist' },
    'whitelist.removeSns': { zh: '从白名单移除序列号', en: 'Take SNs off a whitelist' },
    'whitelist.delete': { zh: '删除白名单', en: 'Delete whitelist' },
    'fence.create': { zh: '新增电子围栏', en: 'Create geofence' },
    'fence.update': { zh: '编辑电子围栏', en: 'Edit geofence' },
    'fence.delete': { zh: '删除电子围栏', en: 'Delete geofence' },
    'command.run': { zh: '执行远程指令', en: 'Run remote command' },
    'command.templateAdd': { zh: '保存指令模板', en: 'Save command template' },
    'command.templateDelete': { zh: '删除指令模板', en: 'Delete command template' },
    'payment.lock': { zh: '锁定支付应用（电子围栏）', en: 'Lock payment app (geofence)' },
    'payment.unlock': { zh: '解锁支付应用（电子围栏）', en: 'Unlock payment app (geofence)' },
  },
};

/** Results of an operation as the operation log page shows them. */
export const OPLOG_RESULT_LABELS: EnumLabels = {
  page: 'accounts:oplog',
  labels: { success: { zh: '成功', en: 'Success' }, failure: { zh: '失败', en: 'Failure' } },
};

/** Columns of the operation log export: the page's columns. */
export const OPLOG_EXPORT_COLUMNS: ExportColumn<OperationLogRow>[] = [
  { key: 'at', label: { zh: '时间', en: 'Time' }, page: 'accounts:oplog.at', format: 'dateTime', width: 22 },
  { key: 'actorName', label: { zh: '操作人', en: 'Actor' }, page: 'accounts:oplog.actor' },
  { key: 'ip', label: { zh: '地址', en: 'Address' }, page: 'accounts:oplog.ip' },
  {
    key: 'action',
    label: { zh: '操作', en: 'Action' },
    page: 'accounts:oplog.action',
    format: { enum: OPLOG_ACTION_LABELS },
    width: 24,
  },
  {
    key: 'object',
    label: { zh: '对象', en: 'Object' },
    page: 'accounts:oplog.object',
    value: (r) => r.objectName ?? r.objectId,
  },
  {
    key: 'result',
    label: { zh: '结果', en: 'Result' },
    page: 'accounts:oplog.result',
    format: { enum: OPLOG_RESULT_LABELS },
  },
  { key: 'detail', label: { zh: '详情', en: 'Detail' }, page: 'accounts:oplog.detail', width: 40 },
];
