import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { bilingual } from '../issue-text';
import { PageQuerySchema, pageSchema } from '../pagination';
import { TaskSnSchema } from '../tasks/remote-tasks.contract';
import { shellCommandSchema } from '../tasks/shell-command.schema';
import { DEFER_REASONS, DELIVERY_STATES, TASK_STATUSES } from '../tasks/task-states';
import { REMOTE_COMMAND_OPS, RemoteCommandSchema, TASK_LIMITS } from '../tasks/task-types';

const TAG = 'remote';
const base = '/remote/v1/command';

/** Every command the remote commands page runs: the fixed ones and a shell line. */
export const COMMAND_OPS = [...REMOTE_COMMAND_OPS, 'shell'] as const;
export type CommandOp = (typeof COMMAND_OPS)[number];

/** Limits of the remote commands page. */
export const COMMAND_LIMITS = {
  /** Terminals one command reaches (more: a remote task). */
  snsMax: 500,
  templateNameMax: 64,
  templatesMax: 200,
  /** Output kept per terminal and command, characters. */
  outputMax: 64_000,
  /** One captured file (a screenshot, a log upload). */
  fileMaxBytes: 20 * 1024 * 1024,
} as const;

/** A shell line, checked like a `command` task: never shutdown or reboot, nothing built at run time. */
const ShellCommandSchema = z.strictObject({
  op: z.literal('shell'),
  command: shellCommandSchema(TASK_LIMITS.commandMax, {
    zh: '重启请使用“重启”指令',
    en: 'use the Reboot command to restart',
  }),
});

/** What to run: one of the fixed commands, or a shell line. */
export const CommandSpecSchema = z.union([RemoteCommandSchema, ShellCommandSchema]);
export type CommandSpec = z.output<typeof CommandSpecSchema>;
export type CommandSpecInput = z.input<typeof CommandSpecSchema>;

/** Running a command on terminals. */
export const RunCommandBodySchema = z.strictObject({
  sns: z
    .array(TaskSnSchema)
    .min(1, bilingual('请选择终端', 'Choose at least one terminal'))
    .max(COMMAND_LIMITS.snsMax, bilingual('一次最多 500 台终端', 'At most 500 terminals at once')),
  command: CommandSpecSchema,
  /** A shell line carries the caller's password, entered again. */
  password: z.string().max(128).optional(),
  /**
   * Offline terminals get the command when they come back (until it expires). Without it, a command
   * that names an offline terminal is refused and nothing is sent.
   */
  queueOffline: z.boolean().default(false),
});
export type RunCommandBody = z.output<typeof RunCommandBodySchema>;
export type RunCommandInput = z.input<typeof RunCommandBodySchema>;

/** Results of a command by state. */
export const CommandCountsSchema = z.object({
  total: z.number().int(),
  /** Not yet finished: waiting, pulled, executed or deferred. */
  open: z.number().int(),
  success: z.number().int(),
  failure: z.number().int(),
  /** Cancelled or expired before it ran. */
  ended: z.number().int(),
});
export type CommandCounts = z.infer<typeof CommandCountsSchema>;

/** One command of the history. */
export const CommandRowSchema = z.object({
  id: z.string(),
  op: z.enum(COMMAND_OPS),
  /** Its arguments, as run. */
  spec: z.record(z.string(), z.unknown()),
  /** A one-line description of the arguments (the host, the package, the range, the shell line). */
  summary: z.string(),
  /** The task delivering it. */
  taskId: z.string(),
  taskStatus: z.enum(TASK_STATUSES),
  /** The first terminals named (the whole list in the detail). */
  sns: z.array(z.string()),
  counts: CommandCountsSchema,
  createdBy: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  expireAt: z.string(),
});
export type CommandRow = z.infer<typeof CommandRowSchema>;

/** A file a terminal sent back: a screenshot or a log upload. */
export const CapturedFileSchema = z.object({
  id: z.string(),
  sn: z.string(),
  kind: z.enum(['screenshot', 'log']),
  blobId: z.string(),
  name: z.string(),
  size: z.number().int(),
  mediaType: z.string(),
  /** The command that asked for it. */
  commandId: z.string().nullable(),
  createdAt: z.string(),
});
export type CapturedFile = z.infer<typeof CapturedFileSchema>;

/** What a failed command means for the user, by command, in both languages (the terminal's own message stays beside it). */
export const COMMAND_FAILURE_TEXTS: Partial<Record<CommandOp, { zh: string; en: string }>> = {
  launch_app: { zh: '启动APP失败', en: 'Failed to launch APP' },
};

/** What the command did on one terminal. */
export const CommandResultSchema = z.object({
  sn: z.string(),
  terminalName: z.string(),
  online: z.boolean(),
  state: z.enum(DELIVERY_STATES),
  deferReason: z.enum(DEFER_REASONS).nullable(),
  /** The terminal's final message (the result line, or why it failed). */
  message: z.string().nullable(),
  /** For a failure, what it means in both languages (a launch: failed to launch APP); null otherwise. */
  failure: z.object({ zh: z.string(), en: z.string() }).nullable(),
  /** Everything the terminal printed while it ran. */
  output: z.string(),
  files: z.array(CapturedFileSchema),
  updatedAt: z.string(),
});
export type CommandResult = z.infer<typeof CommandResultSchema>;

export const CommandDetailSchema = CommandRowSchema.extend({
  results: z.array(CommandResultSchema),
});
export type CommandDetail = z.infer<typeof CommandDetailSchema>;

export const CommandFilterSchema = z.object({
  op: z.enum(COMMAND_OPS).optional(),
  /** Commands that reached this terminal. */
  sn: z.string().trim().max(64).optional(),
});
export type CommandFilter = z.infer<typeof CommandFilterSchema>;

/** A saved command, run again from the page. */
export const CommandTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  command: z.record(z.string(), z.unknown()),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type CommandTemplate = z.infer<typeof CommandTemplateSchema>;

export const CommandTemplateBodySchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, bilingual('请填写模板名称', 'Enter a template name'))
    .max(COMMAND_LIMITS.templateNameMax),
  command: CommandSpecSchema,
});
export type CommandTemplateBody = z.output<typeof CommandTemplateBodySchema>;

/** Live event on `cpm/user/{userId}/command`: a terminal printed output or reported a result. */
export const CommandEventSchema = z.object({
  type: z.literal('command'),
  commandId: z.string(),
  sn: z.string(),
  /** New output, appended to what was printed before. */
  text: z.string().optional(),
  /** The delivery moved (a result came in). */
  state: z.enum(DELIVERY_STATES).optional(),
});
export type CommandEvent = z.infer<typeof CommandEventSchema>;

/** Where a terminal's output for a delivery goes: `requestId` on `up/output`. */
export const taskOutputRequestId = (deliveryId: string) => `task:${deliveryId}`;

/** The configuration a terminal last reported: its device properties, from its latest "device properties" command. */
export const TerminalConfigSchema = z.object({
  sn: z.string(),
  /** When the terminal reported it. */
  reportedAt: z.string(),
  properties: z.array(z.object({ key: z.string(), value: z.string() })),
});
export type TerminalConfig = z.infer<typeof TerminalConfigSchema>;

const IdQuery = z.object({ id: z.uuid() });

export const commandEndpoints = {
  run: defineEndpoint({
    method: 'POST',
    path: `${base}/run`,
    summary:
      'Runs a remote command on terminals through task delivery; a shell line needs the password, offline terminals are refused unless queued',
    tag: TAG,
    permission: 'remote:command:command',
    body: RunCommandBodySchema,
    result: CommandRowSchema,
    oplog: { objectType: 'remoteCommand', action: 'command.run' },
  }),
  page: defineEndpoint({
    method: 'GET',
    path: `${base}/getPage`,
    summary: 'The command history, newest first: who, when, which terminals and their results',
    tag: TAG,
    permission: 'remote:command:view',
    query: PageQuerySchema.extend(CommandFilterSchema.shape),
    result: pageSchema(CommandRowSchema),
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: `${base}/detail`,
    summary: "One command with each terminal's result, output and captured files",
    tag: TAG,
    permission: 'remote:command:view',
    query: IdQuery,
    result: CommandDetailSchema,
  }),
  templates: defineEndpoint({
    method: 'GET',
    path: `${base}/template/list`,
    summary: 'Saved commands, by name',
    tag: TAG,
    permission: 'remote:command:view',
    result: z.array(CommandTemplateSchema),
  }),
  templateAdd: defineEndpoint({
    method: 'POST',
    path: `${base}/template/add`,
    summary: 'Saves a command under a name',
    tag: TAG,
    permission: 'remote:command:add',
    body: CommandTemplateBodySchema,
    result: CommandTemplateSchema,
    oplog: { objectType: 'remoteCommandTemplate', action: 'command.templateAdd' },
  }),
  templateDelete: defineEndpoint({
    method: 'POST',
    path: `${base}/template/delete`,
    summary: 'Deletes a saved command',
    tag: TAG,
    permission: 'remote:command:delete',
    query: IdQuery,
    result: z.null(),
    oplog: { objectType: 'remoteCommandTemplate', action: 'command.templateDelete' },
  }),
  terminalFiles: defineEndpoint({
    method: 'GET',
    path: `${base}/terminal/files`,
    summary: "A terminal's captured files (screenshots and log uploads), newest first",
    tag: TAG,
    permission: 'device:detail:view',
    query: z.object({ sn: z.string().trim().min(1).max(64) }),
    result: z.array(CapturedFileSchema),
  }),
  terminalConfig: defineEndpoint({
    method: 'GET',
    path: `${base}/terminal/config`,
    summary:
      "A terminal's configuration as it last reported it (device properties); 'SN has no configuration information' when it never did",
    tag: TAG,
    permission: 'device:detail:view',
    query: z.object({ sn: z.string().trim().min(1).max(64) }),
    result: TerminalConfigSchema,
  }),
  deviceUpload: defineEndpoint({
    method: 'POST',
    path: '/device/v1/agent/command/upload',
    summary: 'A terminal sends the file a command asked for (a screenshot or a log), multipart field `file`',
    tag: 'agent',
    query: z.object({
      deliveryId: z.string().regex(/^\d{1,18}$/),
      kind: z.enum(['screenshot', 'log']),
    }),
    upload: true,
    rateLimit: 'files',
    device: true,
    result: z.object({ id: z.string() }),
  }),
};
