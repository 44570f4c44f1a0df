import {
  COMMAND_FAILURE_TEXTS,
  COMMAND_LIMITS,
  type CommandDetail,
  type CommandEvent,
  type CommandFilter,
  type CommandOp,
  type CommandRow,
  type CommandSpec,
  type CommandTemplateBody,
  type CreateTaskBody,
  type DeliveryState,
  emptyDeliveryCounts,
  type PageQuery,
  type RunCommandBody,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import type { OperationNote } from '../../shared/operation-note';
import { pageOffset, toPage } from '../../shared/paging';
import type { BlobsService, UploadSource } from '../blobs/blobs.service';
import { commandTaskName } from '../tasks/task-names';
import type { TasksService } from '../tasks/tasks.service';
import type { CommandRecord, CommandsRepository } from './commands.repository';

/** How long a command waits for its terminals: a short while when all are online, a day when queued. */
const EXPIRE_ONLINE_MS = 30 * 60_000;
const EXPIRE_QUEUED_MS = 24 * 3600_000;

/** One line saying what a command does beyond its name. */
export const commandSummary = (c: CommandSpec): string => {
  switch (c.op) {
    case 'upload_logs':
      return `${c.from} – ${c.to}`;
    case 'clear_cache':
    case 'clear_data':
    case 'stop_app':
    case 'launch_app':
      return c.packageName;
    case 'ping':
      return `${c.host} ×${c.count}`;
    case 'dns':
      return c.host;
    case 'shell':
      return c.command.slice(0, 200);
    default:
      return '';
  }
};

/**
 * Remote commands: each run is a task (type `remote_command`, or `command` for a shell line) aimed at
 * the listed terminals, so delivery, retries, expiry and results are the task model's. This service
 * checks the terminals first (in scope, one platform, online unless queued), keeps the history, and
 * streams what terminals print to the user who ran the command.
 */
export const createCommandsService = (deps: {
  repo: CommandsRepository;
  tasks: Pick<TasksService, 'create'>;
  blobs: Pick<BlobsService, 'storeUpload'>;
  clock: Clock;
  /** Sends a live event to a user's console tabs; never rejects. */
  publish(userId: string, event: CommandEvent): Promise<unknown>;
}) => {
  const { repo, clock } = deps;

  const toRows = async (records: CommandRecord[]): Promise<CommandRow[]> => {
    const counts = await repo.counts(records);
    return records.map((r) =>
      toRow(r, counts.get(r.taskId) ?? { ...emptyCounts(), total: r.sns.length, open: r.sns.length }),
    );
  };

  const toRow = (r: CommandRecord, counts: CommandRow['counts']): CommandRow => ({
    id: r.id,
    op: r.op as CommandRow['op'],
    spec: r.spec,
    summary: r.summary,
    taskId: r.taskId,
    taskStatus: r.taskStatus as CommandRow['taskStatus'],
    sns: r.sns.slice(0, 20),
    counts,
    createdBy: r.createdBy,
    createdByName: r.createdByName,
    createdAt: r.createdAt,
    expireAt: r.expireAt,
  });

  const mustFind = async (auth: AuthContext, id: string) => {
    const r = await repo.find(auth, id);
    if (!r) throw new AppError('commandNotFound');
    return r;
  };

  return {
    async run(auth: AuthContext, note: OperationNote, body: RunCommandBody, timezone: string) {
      const sns = [...new Set(body.sns)];
      const found = await repo.visibleTerminals(auth, sns);
      const known = new Set(found.map((t) => t.sn));
      const unknown = sns.filter((sn) => !known.has(sn));
      if (unknown.length) throw new AppError('commandTerminalsUnknown', { result: { sns: unknown } });
      const platforms = [...new Set(found.map((t) => t.platform))];
      if (platforms.length > 1) throw new AppError('commandMixedPlatforms');
      const offline = found.filter((t) => !t.online).map((t) => t.sn);
      if (offline.length && !body.queueOffline)
        throw new AppError('commandTerminalsOffline', { result: { sns: offline } });

      const spec = body.command;
      const now = clock.now();
      const { op, ...args } = spec;
      const { name, nameText } = commandTaskName(op, sns);
      const task = {
        name,
        platform: platforms[0] as CreateTaskBody['platform'],
        ...(op === 'shell'
          ? { type: 'command' as const, params: { command: (spec as { command: string }).command } }
          : { type: 'remote_command' as const, params: spec }),
        targets: { sns, groupIds: [], modelIds: [], ownerIds: [] },
        timing: {
          expireAt: new Date(
            now.getTime() + (body.queueOffline ? EXPIRE_QUEUED_MS : EXPIRE_ONLINE_MS),
          ).toISOString(),
          schedule: { kind: 'once' as const },
        },
        conditions: { idle: false, settled: false, charging: false },
        password: body.password,
      } as CreateTaskBody;
      // The history entry is written with the task, in its transaction.
      let id = '';
      await deps.tasks.create(auth, note, task, timezone, {
        nameText,
        alongside: async (tx, row) => {
          id = await repo.insert(
            {
              op,
              spec: spec as Record<string, unknown>,
              summary: commandSummary(spec),
              taskId: row.id,
              sns,
              createdBy: auth.userId,
              createdAt: now,
            },
            tx,
          );
        },
      });
      note.subject({ id, name: op, detail: `${sns.length} terminals ${JSON.stringify(args).slice(0, 200)}` });
      return (await toRows([(await repo.find(auth, id)) as CommandRecord]))[0];
    },

    async page(auth: AuthContext, q: PageQuery & CommandFilter) {
      const { rows, total } = await repo.page(auth, q, pageOffset(q), q.size);
      return toPage(await toRows(rows), total, q);
    },

    async detail(auth: AuthContext, id: string): Promise<CommandDetail> {
      const r = await mustFind(auth, id);
      const [results, outputs, files] = await Promise.all([
        repo.results(r.taskId, r.sns),
        repo.outputs(r.id),
        repo.filesOfCommand(r.id),
      ]);
      // Counted from the rows listed below, not from a statement of its own: a result landing between
      // two reads would otherwise show a terminal done in the list and still open in the counts.
      const counts = countResults(
        results.map((t) => t.state),
        r.sns.length,
      );
      return {
        ...toRow(r, counts),
        sns: r.sns,
        results: results.map((t) => ({
          sn: t.sn,
          terminalName: t.name,
          online: t.online,
          state: (t.state ?? 'waiting') as DeliveryState,
          deferReason: t.defer_reason as CommandDetail['results'][number]['deferReason'],
          message: t.message,
          failure: t.state === 'failure' ? (COMMAND_FAILURE_TEXTS[r.op as CommandOp] ?? null) : null,
          output: outputs.get(t.terminal_id) ?? '',
          files: files.filter((f) => f.sn === t.sn),
          updatedAt: t.updated_at ? new Date(t.updated_at).toISOString() : r.createdAt,
        })),
      };
    },

    templates: (auth: AuthContext) => repo.templates(auth.userId),

    async addTemplate(auth: AuthContext, note: OperationNote, body: CommandTemplateBody) {
      const r = await repo.insertTemplate(
        { name: body.name, command: body.command as Record<string, unknown>, createdBy: auth.userId },
        COMMAND_LIMITS.templatesMax,
      );
      if (r === 'duplicate') throw new AppError('commandTemplateDuplicate');
      if (r === 'full') throw new AppError('commandTemplatesFull');
      note.subject({ id: r.id, name: r.name, detail: String(body.command.op) });
      return {
        id: r.id,
        name: r.name,
        command: r.command,
        createdByName: auth.username,
        createdAt: r.createdAt.toISOString(),
      };
    },

    async removeTemplate(auth: AuthContext, note: OperationNote, id: string) {
      if (!(await repo.deleteTemplate(auth.userId, id))) throw new AppError('commandTemplateNotFound');
      note.subject({ id, name: id });
      return null;
    },

    /** The configuration the terminal last reported (its device properties), or "SN has no configuration information". */
    async terminalConfig(auth: AuthContext, sn: string) {
      const found = await repo.reportedConfig(auth, sn);
      if (found === null) throw new AppError('terminalNotFound');
      if (!found) throw new AppError('snNoConfig');
      const properties = [...found.text.matchAll(/^\[([^\]]+)\]: \[(.*)\]$/gm)].map((m) => ({
        key: m[1],
        value: m[2],
      }));
      if (!properties.length) throw new AppError('snNoConfig');
      return { sn: found.sn, reportedAt: found.at.toISOString(), properties };
    },

    async terminalFiles(auth: AuthContext, sn: string) {
      const files = await repo.filesOfTerminal(auth, sn);
      if (!files) throw new AppError('terminalNotFound');
      return files;
    },

    /**
     * What a terminal printed for one of its deliveries: kept (up to the limit) and sent live to the
     * user who ran the command. Output for a delivery that is not a command of this terminal is dropped.
     */
    async output(device: { id: string; sn: string }, deliveryId: string, text: string, at: Date) {
      const c = await repo.commandOfDelivery(device.id, deliveryId);
      if (!c || !text) return false;
      const room = COMMAND_LIMITS.outputMax - c.printed;
      if (room <= 0) return false;
      const kept = text.slice(0, room);
      await repo.appendOutput({ commandId: c.id, terminalId: device.id, text: kept, at });
      await deps.publish(c.createdBy, { type: 'command', commandId: c.id, sn: device.sn, text: kept });
      return true;
    },

    /** A screenshot or log a command asked for, stored with the terminal and the command. */
    async upload(
      device: { id: string; sn: string; ownerId: string },
      q: { deliveryId: string; kind: 'screenshot' | 'log' },
      source: UploadSource,
    ) {
      const c = await repo.commandOfDelivery(device.id, q.deliveryId);
      if (!c) {
        source.stream.resume();
        throw new AppError('commandUploadUnknown');
      }
      const blob = await deps.blobs.storeUpload(
        { ...source, ownerId: device.ownerId, createdBy: null },
        { types: q.kind === 'screenshot' ? ['png', 'jpeg'] : ['gzip', 'binary'] },
      );
      const id = await repo.insertFile({
        terminalId: device.id,
        kind: q.kind,
        blobId: blob.id,
        commandId: c.id,
        createdAt: clock.now(),
      });
      await deps.publish(c.createdBy, { type: 'command', commandId: c.id, sn: device.sn });
      return { id };
    },
  };
};

/**
 * A command's counts from the latest delivery state of each of its terminals (null: none yet); of
 * `total` terminals named, those not done or ended (or no longer listed) are open.
 */
const countResults = (states: readonly (string | null)[], total: number): CommandRow['counts'] => {
  const counts = { ...emptyCounts(), total };
  for (const state of states) {
    if (state === 'success') counts.success++;
    else if (state === 'failure') counts.failure++;
    else if (state === 'expired' || state === 'cancelled') counts.ended++;
  }
  counts.open = Math.max(0, total - counts.success - counts.failure - counts.ended);
  return counts;
};

const emptyCounts = () => {
  const d = emptyDeliveryCounts();
  return { total: d.total, open: 0, success: 0, failure: 0, ended: 0 };
};

export type CommandsService = ReturnType<typeof createCommandsService>;
