import type { AppInstallReason, CommandOp, TaskNameText } from '@cpm/contracts';
import { type EnumLabels, type ExportLang, enumLabels } from '../../shared/export-columns';

/** Command ops as the command pages name them. */
export const COMMAND_OP_LABELS = enumLabels('commands:ops', {
  reboot: ['重启', 'Reboot'],
  screenshot: ['截屏', 'Screenshot'],
  upload_logs: ['上传日志', 'Upload logs'],
  clear_cache: ['清除应用缓存', 'Clear app cache'],
  clear_data: ['清除应用数据', 'Clear app data'],
  stop_app: ['停止应用', 'Stop app'],
  launch_app: ['启动应用', 'Launch app'],
  lock_screen: ['锁屏', 'Lock screen'],
  unlock_screen: ['解锁屏幕', 'Unlock screen'],
  device_props: ['读取设备属性', 'Read device properties'],
  ping: ['Ping', 'Ping'],
  dns: ['DNS 解析', 'DNS lookup'],
  sync_time: ['同步时间', 'Sync time'],
  shell: ['Shell 命令', 'Shell command'],
} satisfies Record<CommandOp, readonly [string, string]>);

/** Why the market sent an install, as the console's task names say it. */
export const INSTALL_REASON_LABELS = enumLabels('common:taskNames.reason', {
  gray: ['灰度发布', 'gray release'],
  official: ['正式发布', 'release'],
  autoUpdate: ['自动更新', 'auto update'],
  rollback: ['回滚', 'rollback'],
} satisfies Record<AppInstallReason, readonly [string, string]>);

/** What a permission task does, as its name says it. */
export const PERMISSION_ACTION_LABELS = enumLabels('common:taskNames.permissionAction', {
  grant: ['授予权限', 'Grant permissions'],
  revoke: ['撤销权限', 'Revoke permissions'],
} satisfies Record<'grant' | 'revoke', readonly [string, string]>);

/** The uninstall task's word, as its name says it (`common:taskNames.appUninstall`). */
const UNINSTALL_LABEL = { zh: '卸载', en: 'Uninstall' } as const;

const label = (labels: EnumLabels, value: unknown, lang: ExportLang) =>
  labels.labels[String(value)]?.[lang] ?? String(value);

/**
 * A task's name in one language, as the console renders it (`common:taskNames`): the name the
 * system gave it from its key and values, else the name as typed.
 */
export const taskNameIn = (task: { name: string; nameText: TaskNameText | null }, lang: ExportLang) => {
  const n = task.nameText;
  if (!n) return task.name;
  const p = n.params;
  if (n.key === 'appInstall')
    return `${p.app} ${p.version} · ${label(INSTALL_REASON_LABELS, p.reason, lang)}`;
  if (n.key === 'permission') return `${label(PERMISSION_ACTION_LABELS, p.action, lang)} · ${p.packageName}`;
  if (n.key === 'appUninstall') return `${UNINSTALL_LABEL[lang]} · ${p.packageName}`;
  const head = `${label(COMMAND_OP_LABELS, p.op, lang)} · ${p.sn}`;
  const total = Number(p.total);
  if (!(total > 1)) return head;
  return lang === 'zh' ? `${head} 等 ${total} 台` : `${head} and ${total - 1} more`;
};

/** The notice field naming a task whose name the system made, so the notice renders it per reader. */
export const namedBy = (task: { nameText: TaskNameText | null }): { taskName?: TaskNameText } =>
  task.nameText ? { taskName: task.nameText } : {};

/** The name the system gives a remote command's task: the op and its terminals. */
export const commandTaskName = (op: CommandOp, sns: string[]) => ({
  name: `${op} ${sns[0]}${sns.length > 1 ? ` +${sns.length - 1}` : ''}`.slice(0, 64),
  nameText: { key: 'command', params: { op, sn: sns[0], total: sns.length } } satisfies TaskNameText,
});

/** The name the system gives a market install task: the app, its version and why. */
export const installTaskName = (app: string, version: string, reason: AppInstallReason) => ({
  name: `${app} ${version} ${label(INSTALL_REASON_LABELS, reason, 'en')}`.slice(0, 64),
  nameText: { key: 'appInstall', params: { app, version, reason } } satisfies TaskNameText,
});

/**
 * The name the server gives an uninstall or permission task created without one: what it does to
 * which package; null for the types a person must name.
 */
export const typeTaskName = (type: string, params: Record<string, unknown>) => {
  const packageName = String(params.packageName ?? '');
  const nameText: TaskNameText | null =
    type === 'permission'
      ? { key: 'permission', params: { action: String(params.action), packageName } }
      : type === 'app_uninstall'
        ? { key: 'appUninstall', params: { packageName } }
        : null;
  return nameText && { name: taskNameIn({ name: '', nameText }, 'en').slice(0, 64), nameText };
};

/**
 * What a search by name matches for a task the system named: its name in both languages, lower
 * case; null for a typed name, which is searched as typed.
 */
export const searchNameOf = (nameText: TaskNameText | null) =>
  nameText
    ? `${taskNameIn({ name: '', nameText }, 'en')}\n${taskNameIn({ name: '', nameText }, 'zh')}`.toLowerCase()
    : null;

/** Makes the names of system-named tasks stored before now searchable in both languages. */
export const fillSearchNames = async (repo: {
  unsearchableNames: (limit: number) => Promise<{ id: string; nameText: TaskNameText | null }[]>;
  setSearchName: (id: string, nameSearch: string) => Promise<unknown>;
}) => {
  for (;;) {
    const batch = await repo.unsearchableNames(500);
    for (const r of batch) await repo.setSearchName(r.id, searchNameOf(r.nameText) ?? '');
    if (batch.length < 500) return;
  }
};
