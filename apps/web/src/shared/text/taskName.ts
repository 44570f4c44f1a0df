import type { TaskNameText } from '@cpm/contracts';
import type { TFunction } from 'i18next';

/** The catalogues a task name is rendered from: callers load them with `useTranslation`. */
export const TASK_NAME_NAMESPACES = ['common', 'commands'] as const;

/** A task name's text in the reader's language; `t` must have `TASK_NAME_NAMESPACES` loaded. */
export const renderTaskName = (text: TaskNameText, t: TFunction): string => {
  const p = text.params;
  if (text.key === 'appInstall')
    return t('common:taskNames.appInstall', {
      ...p,
      reason: t(`common:taskNames.reason.${p.reason}`, { defaultValue: String(p.reason) }),
    });
  if (text.key === 'permission')
    return t('common:taskNames.permission', {
      packageName: p.packageName,
      action: t(`common:taskNames.permissionAction.${p.action}`, { defaultValue: String(p.action) }),
    });
  if (text.key === 'appUninstall') return t('common:taskNames.appUninstall', { packageName: p.packageName });
  const op = t(`commands:ops.${p.op}`, { defaultValue: String(p.op) });
  const total = Number(p.total);
  return total > 1
    ? t('common:taskNames.commandMany', { op, sn: p.sn, total, count: total - 1 })
    : t('common:taskNames.command', { op, sn: p.sn });
};

/**
 * A task's name as the reader sees it: the name the system gave it in the reader's language, or
 * the name as a person typed it.
 */
export const taskNameOf = (task: { name: string; nameText: TaskNameText | null }, t: TFunction) =>
  task.nameText ? renderTaskName(task.nameText, t) : task.name;
