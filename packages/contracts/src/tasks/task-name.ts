import { z } from 'zod';

/**
 * Names the system gives the tasks it creates, each rendered from the catalogue in the reader's
 * language (`common:taskNames.<key>`) with its values; a task a person named has none.
 * `command`: `op` (a command op), `sn` (the first terminal), `total` (terminals);
 * `appInstall`: `app`, `version` and `reason` (one of `APP_INSTALL_REASONS`);
 * `permission`: `action` (`grant` or `revoke`) and `packageName`; `appUninstall`: `packageName`.
 */
export const TASK_NAME_KEYS = ['command', 'appInstall', 'permission', 'appUninstall'] as const;
export type TaskNameKey = (typeof TASK_NAME_KEYS)[number];

/** Why the market sent an install task, as its name says. */
export const APP_INSTALL_REASONS = ['gray', 'official', 'autoUpdate', 'rollback'] as const;
export type AppInstallReason = (typeof APP_INSTALL_REASONS)[number];

/** A system-made task name as a catalogue key and the values it names. */
export const TaskNameTextSchema = z.object({
  key: z.enum(TASK_NAME_KEYS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type TaskNameText = z.infer<typeof TaskNameTextSchema>;

/** Task types the server names itself when a task is created without a name. */
export const SYSTEM_NAMED_TASK_TYPES = ['permission', 'app_uninstall'] as const;
