import { z } from 'zod';
import { bilingual } from '../issue-text';
import { shellCommandSchema } from './shell-command.schema';

/**
 * What a remote task does on a terminal. The dictionary `task_type` labels each. `app_install`
 * belongs to the app market: the server accepts it once the market registers it (see the `types`
 * endpoint, which answers what this server can run).
 */
export const TASK_TYPES = [
  'app_install',
  'app_uninstall',
  'file_push',
  'ota',
  'wallpaper',
  'boot_animation',
  'command',
  'permission',
  'reboot',
  'registry',
  'remote_command',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** Platforms a task is written for; a task reaches only terminals of its platform. */
export const TASK_PLATFORMS = ['android', 'windows', 'linux'] as const;
export type TaskPlatform = (typeof TASK_PLATFORMS)[number];

/**
 * The platform matrix: which types each platform can run. Android has no registry and cannot take
 * a registry task (the spec's "Android cannot create certain task types"); Windows has no OTA
 * package, boot animation or Android runtime permissions. Linux terminals (the Linux agent,
 * `apps/agent`) take files, shell commands, reboots, remote commands and app removal, and an OTA
 * there is a signed update of the agent itself; their apps are not in the app market yet, and they
 * have no boot animation, permissions or registry.
 */
export const TASK_TYPE_PLATFORMS: Record<TaskType, readonly TaskPlatform[]> = {
  app_install: ['android', 'windows'],
  app_uninstall: ['android', 'windows', 'linux'],
  file_push: ['android', 'windows', 'linux'],
  ota: ['android', 'linux'],
  wallpaper: ['android', 'windows'],
  boot_animation: ['android'],
  command: ['android', 'windows', 'linux'],
  permission: ['android'],
  reboot: ['android', 'windows', 'linux'],
  registry: ['windows'],
  remote_command: ['android', 'windows', 'linux'],
};

/** Whether a platform can run a type. */
export const typeRunsOn = (type: TaskType, platform: TaskPlatform) =>
  TASK_TYPE_PLATFORMS[type].includes(platform);

/**
 * Types that change what a terminal may do or run arbitrary code: the creator re-enters their
 * password, and a wide reach (see TASK_LIMITS.approvalThreshold) waits for a second person.
 */
export const RISKY_TASK_TYPES: readonly TaskType[] = ['command', 'permission', 'registry'];

/** Limits of remote tasks, shared by server and console. */
export const TASK_LIMITS = {
  nameMax: 64,
  /** SNs typed, pasted or imported into one task's targets. */
  snsMax: 100_000,
  groupsMax: 200,
  modelsMax: 100,
  enterprisesMax: 50,
  commandMax: 2000,
  pathMax: 255,
  permissionsMax: 50,
  /** Interval between runs and the time range of one run, minutes (spec: at most 24 hours). */
  intervalMaxMinutes: 24 * 60,
  /**
   * A risky task aimed at more terminals than this, or at a group or an enterprise, waits for a
   * second user holding `task:task:approve`.
   */
  approvalThreshold: 10,
  /** Waves of a staged rollout. */
  wavesMax: 5,
  /** SNs in one whitelist. */
  whitelistMax: 100_000,
  /** Results a terminal may report in one message. */
  reportMax: 100,
  /** The terminal's message with a result. */
  resultMessageMax: 2000,
} as const;

/** Android package name: dot-separated Java identifiers. */
export const PACKAGE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
/** An Android permission, e.g. `android.permission.CAMERA`. */
export const PERMISSION_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/;
/** An absolute Android (POSIX) directory: `/sdcard/Download`. */
export const ANDROID_PATH_PATTERN = /^\/[^\0\\]*$/;
/** An absolute Windows directory: `C:\POS\data`. */
export const WINDOWS_PATH_PATTERN = /^[A-Za-z]:\\[^\0/:*?"<>|]*$/;
/** A registry key below one of the hives: `HKLM\SOFTWARE\Vendor\POS`. */
export const REGISTRY_KEY_PATTERN = /^(HKLM|HKCU|HKCR|HKU|HKCC)\\[^\0]+$/;

const uuid = z.uuid();

/**
 * Remote commands: short actions on a terminal, delivered as tasks of type `remote_command` (a shell
 * line goes as a `command` task, which asks for the password and refuses shutdown or reboot).
 */
export const REMOTE_COMMAND_OPS = [
  'reboot',
  'screenshot',
  'upload_logs',
  'clear_cache',
  'clear_data',
  'stop_app',
  'launch_app',
  'lock_screen',
  'unlock_screen',
  'device_props',
  'ping',
  'dns',
  'sync_time',
] as const;
export type RemoteCommandOp = (typeof REMOTE_COMMAND_OPS)[number];

/** Limits of remote commands. */
export const REMOTE_COMMAND_LIMITS = {
  /** The longest log range one upload covers, hours. */
  logRangeMaxHours: 7 * 24,
  pingCountMax: 10,
  hostMax: 253,
} as const;

/** A host name or an IPv4/IPv6 address. */
export const HOST_PATTERN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|[0-9A-Fa-f:.]{2,45})$/;

const hostName = z
  .string()
  .trim()
  .min(1, bilingual('请填写主机名或地址', 'Enter a host name or address'))
  .max(REMOTE_COMMAND_LIMITS.hostMax)
  .regex(HOST_PATTERN, bilingual('主机名或地址格式不正确', 'Not a host name or address'));

const appPackage = () =>
  z
    .string()
    .trim()
    .max(255)
    .regex(
      PACKAGE_NAME_PATTERN,
      bilingual('包名格式不正确（如 com.example.app）', 'Not a package name (like com.example.app)'),
    );

/** One remote command and its arguments. */
export const RemoteCommandSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('reboot') }),
  z.strictObject({ op: z.literal('screenshot') }),
  z
    .strictObject({
      op: z.literal('upload_logs'),
      /** The time range of the log lines, ISO 8601 with offset. */
      from: z.iso.datetime({ offset: true }),
      to: z.iso.datetime({ offset: true }),
    })
    .refine((c) => Date.parse(c.to) > Date.parse(c.from), {
      ...bilingual('结束时间必须晚于开始时间', 'The end of the range must be after its start'),
      path: ['to'],
    })
    .refine(
      (c) => Date.parse(c.to) - Date.parse(c.from) <= REMOTE_COMMAND_LIMITS.logRangeMaxHours * 3600_000,
      {
        ...bilingual('日志时间范围不能超过 7 天', 'A log range cannot be longer than 7 days'),
        path: ['to'],
      },
    ),
  z.strictObject({ op: z.literal('clear_cache'), packageName: appPackage() }),
  z.strictObject({ op: z.literal('clear_data'), packageName: appPackage() }),
  z.strictObject({ op: z.literal('stop_app'), packageName: appPackage() }),
  z.strictObject({ op: z.literal('launch_app'), packageName: appPackage() }),
  z.strictObject({ op: z.literal('lock_screen') }),
  z.strictObject({ op: z.literal('unlock_screen') }),
  z.strictObject({ op: z.literal('device_props') }),
  z.strictObject({
    op: z.literal('ping'),
    host: hostName,
    count: z.number().int().min(1).max(REMOTE_COMMAND_LIMITS.pingCountMax).default(4),
  }),
  z.strictObject({ op: z.literal('dns'), host: hostName }),
  z.strictObject({ op: z.literal('sync_time') }),
]);
export type RemoteCommand = z.output<typeof RemoteCommandSchema>;
export type RemoteCommandInput = z.input<typeof RemoteCommandSchema>;

const packageName = z
  .string()
  .trim()
  .max(255)
  .regex(
    PACKAGE_NAME_PATTERN,
    bilingual('包名格式不正确（如 com.example.app）', 'Not a package name (like com.example.app)'),
  );

/** The spec's rule, checked on every path: the last character cannot be a backslash. */
const noTrailingBackslash = z
  .string()
  .trim()
  .min(1)
  .max(TASK_LIMITS.pathMax)
  .refine(
    (v) => !v.endsWith('\\'),
    bilingual('路径的最后一个字符不能是反斜杠', "A path's last character cannot be a backslash"),
  )
  .refine(
    (v) => !v.split(/[/\\]/).includes('..'),
    bilingual('路径不能包含 ..', 'A path must not contain ..'),
  );

/** Parameters of each type, checked by the contract; the server checks what they name exists. */
export const TASK_PARAMS = {
  /** An app (and version) from the app market. */
  app_install: z.strictObject({ appId: uuid, versionId: uuid.optional() }),
  app_uninstall: z.strictObject({
    packageName,
    /** Keep the app's data (Android `pm uninstall -k`). */
    keepData: z.boolean().default(false),
  }),
  /** A system file copied into a directory on the terminal (`<path>/<file name>`). */
  file_push: z.strictObject({ fileId: uuid, path: noTrailingBackslash }),
  /** A system file of type "system update" (an OTA ZIP). */
  ota: z.strictObject({ fileId: uuid }),
  wallpaper: z.strictObject({
    wallpaperId: uuid,
    /** Android's home screen, lock screen or both; Windows has one desktop. */
    screen: z.enum(['home', 'lock', 'both']).default('both'),
  }),
  boot_animation: z.strictObject({ bootAnimationId: uuid }),
  command: z.strictObject({
    command: shellCommandSchema(TASK_LIMITS.commandMax),
  }),
  permission: z.strictObject({
    packageName,
    permissions: z
      .array(
        z
          .string()
          .trim()
          .max(255)
          .regex(
            PERMISSION_NAME_PATTERN,
            bilingual('权限名称格式不正确', 'Not a permission name (like android.permission.CAMERA)'),
          ),
      )
      .min(1)
      .max(TASK_LIMITS.permissionsMax),
    /** Grant or revoke them. */
    action: z.enum(['grant', 'revoke']),
  }),
  reboot: z.strictObject({}),
  registry: z.strictObject({
    key: noTrailingBackslash.pipe(
      z
        .string()
        .regex(
          REGISTRY_KEY_PATTERN,
          bilingual(
            '注册表键应以 HKLM、HKCU、HKCR、HKU 或 HKCC 开头',
            'A registry key starts with HKLM, HKCU, HKCR, HKU or HKCC',
          ),
        ),
    ),
    name: z.string().trim().min(1).max(255),
    valueType: z.enum(['REG_SZ', 'REG_DWORD']),
    value: z.string().max(1000),
  }),
  /** One of the remote commands (`/remote/common`); see REMOTE_COMMAND_OPS. */
  remote_command: RemoteCommandSchema,
} as const satisfies Record<TaskType, z.ZodType>;

export type TaskParams<T extends TaskType = TaskType> = z.output<(typeof TASK_PARAMS)[T]>;

/** The type and its parameters, one variant per type. */
export const TaskKindSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('app_install'), params: TASK_PARAMS.app_install }),
  z.strictObject({ type: z.literal('app_uninstall'), params: TASK_PARAMS.app_uninstall }),
  z.strictObject({ type: z.literal('file_push'), params: TASK_PARAMS.file_push }),
  z.strictObject({ type: z.literal('ota'), params: TASK_PARAMS.ota }),
  z.strictObject({ type: z.literal('wallpaper'), params: TASK_PARAMS.wallpaper }),
  z.strictObject({ type: z.literal('boot_animation'), params: TASK_PARAMS.boot_animation }),
  z.strictObject({ type: z.literal('command'), params: TASK_PARAMS.command }),
  z.strictObject({ type: z.literal('permission'), params: TASK_PARAMS.permission }),
  z.strictObject({ type: z.literal('reboot'), params: TASK_PARAMS.reboot.default({}) }),
  z.strictObject({ type: z.literal('registry'), params: TASK_PARAMS.registry }),
  z.strictObject({ type: z.literal('remote_command'), params: TASK_PARAMS.remote_command }),
]);
export type TaskKind = z.infer<typeof TaskKindSchema>;

/** A path the platform can use: absolute, in the platform's own form. */
export const isPlatformPath = (platform: TaskPlatform, path: string) =>
  platform === 'windows' ? WINDOWS_PATH_PATTERN.test(path) : ANDROID_PATH_PATTERN.test(path);
