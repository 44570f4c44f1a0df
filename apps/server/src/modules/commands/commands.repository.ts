import type { CommandCounts, CommandFilter } from '@cpm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Scope, visibleAccountsSql } from '../../shared/data-scope';
import { textArray } from '../../shared/sql';
import type { Tx } from '../jobs/jobs.repository';
import { iso, rowsOf } from '../tasks/task-sql';
import { capturedFiles, remoteCommandOutput, remoteCommands, remoteCommandTemplates } from './commands.table';

/** The data scope on a raw query's owner column. */
const inScope = (scope: Scope, ownerColumn: SQL): SQL => {
  const accounts = visibleAccountsSql(scope);
  return accounts ? sql`${ownerColumn} in ${accounts}` : sql`true`;
};

export type CommandRecord = {
  id: string;
  op: string;
  spec: Record<string, unknown>;
  summary: string;
  taskId: string;
  taskStatus: string;
  sns: string[];
  createdBy: string;
  createdByName: string;
  createdAt: string;
  expireAt: string;
};

type CommandSqlRow = {
  id: string;
  op: string;
  spec: Record<string, unknown>;
  summary: string;
  task_id: string;
  status: string;
  sns: string[];
  created_by: string;
  username: string | null;
  created_at: Date | string;
  expire_at: Date | string;
};

const toRecord = (r: CommandSqlRow): CommandRecord => ({
  id: r.id,
  op: r.op,
  spec: r.spec,
  summary: r.summary,
  taskId: r.task_id,
  taskStatus: r.status,
  sns: r.sns,
  createdBy: r.created_by,
  createdByName: r.username ?? '',
  createdAt: iso(r.created_at) as string,
  expireAt: iso(r.expire_at) as string,
});

const commandSelect = sql`select c.id, c.op, c.spec, c.summary, c.task_id, t.status, c.sns, c.created_by,
  u.username, c.created_at, t.expire_at
  from remote_commands c join tasks t on t.id = c.task_id left join users u on u.id = c.created_by`;

export type CapturedFileRecord = {
  id: string;
  sn: string;
  kind: 'screenshot' | 'log';
  blobId: string;
  name: string;
  size: number;
  mediaType: string;
  commandId: string | null;
  createdAt: string;
};

type FileSqlRow = {
  id: string;
  sn: string;
  kind: 'screenshot' | 'log';
  blob_id: string;
  name: string;
  size: number | string;
  media_type: string;
  command_id: string | null;
  created_at: Date | string;
};
const toFile = (r: FileSqlRow): CapturedFileRecord => ({
  id: r.id,
  sn: r.sn,
  kind: r.kind,
  blobId: r.blob_id,
  name: r.name,
  size: Number(r.size),
  mediaType: r.media_type,
  commandId: r.command_id,
  createdAt: iso(r.created_at) as string,
});
const fileSelect = sql`select f.id, t.sn, f.kind, f.blob_id, b.name, b.size, b.media_type, f.command_id, f.created_at
  from captured_files f join terminals t on t.id = f.terminal_id join blobs b on b.id = f.blob_id`;

/** Remote commands, their output, templates and captured files. */
export const createCommandsRepository = (db: Db) => ({
  /** The listed terminals the caller can see, with platform and connection state. */
  async visibleTerminals(scope: Scope, sns: readonly string[]) {
    if (!sns.length) return [];
    return rowsOf<{ id: string; sn: string; name: string; platform: string; online: boolean }>(
      await db.execute(sql`select t.id, t.sn, t.name, t.platform, coalesce(t.online, false) as online
        from terminals t where t.sn = any(${textArray(sns)}) and ${inScope(scope, sql`t.owner_id`)}`),
    );
  },

  async insert(row: typeof remoteCommands.$inferInsert, tx: Db | Tx = db) {
    const [r] = await tx.insert(remoteCommands).values(row).returning({ id: remoteCommands.id });
    return r.id;
  },

  async find(scope: Scope, id: string): Promise<CommandRecord | null> {
    const [r] = rowsOf<CommandSqlRow>(
      await db.execute(sql`${commandSelect} where c.id = ${id} and ${inScope(scope, sql`t.owner_id`)}`),
    );
    return r ? toRecord(r) : null;
  },

  async page(scope: Scope, f: CommandFilter, offset: number, limit: number) {
    const where: SQL[] = [inScope(scope, sql`t.owner_id`)];
    if (f.op) where.push(sql`c.op = ${f.op}`);
    if (f.sn) where.push(sql`c.sns ? ${f.sn.toUpperCase()}`);
    const cond = sql.join(where, sql` and `);
    const [rows, [{ n }]] = await Promise.all([
      db.execute(
        sql`${commandSelect} where ${cond} order by c.created_at desc, c.id desc limit ${limit} offset ${offset}`,
      ),
      db
        .execute(
          sql`select count(*)::int as n from remote_commands c join tasks t on t.id = c.task_id where ${cond}`,
        )
        .then((r) => rowsOf<{ n: number }>(r)),
    ]);
    return { rows: rowsOf<CommandSqlRow>(rows).map(toRecord), total: n };
  },

  /** Results of each command's task by state; terminals without a delivery yet count as open. */
  async counts(commands: readonly { taskId: string; sns: readonly string[] }[]) {
    const out = new Map<string, CommandCounts>();
    if (!commands.length) return out;
    const rows = rowsOf<{ task_id: string; success: number; failure: number; ended: number }>(
      await db.execute(sql`select d.task_id,
          (count(*) filter (where d.state = 'success'))::int as success,
          (count(*) filter (where d.state = 'failure'))::int as failure,
          (count(*) filter (where d.state in ('expired', 'cancelled')))::int as ended
        from task_deliveries d
        where d.task_id = any(${`{${commands.map((c) => c.taskId).join(',')}}`}::uuid[])
        group by d.task_id`),
    );
    const byTask = new Map(rows.map((r) => [r.task_id, r]));
    for (const c of commands) {
      const r = byTask.get(c.taskId);
      const total = c.sns.length;
      const success = r?.success ?? 0;
      const failure = r?.failure ?? 0;
      const ended = r?.ended ?? 0;
      out.set(c.taskId, {
        total,
        success,
        failure,
        ended,
        open: Math.max(0, total - success - failure - ended),
      });
    }
    return out;
  },

  /** Each named terminal with its delivery of the task (none yet: still being written). */
  async results(taskId: string, sns: readonly string[]) {
    return rowsOf<{
      terminal_id: string;
      sn: string;
      name: string;
      online: boolean;
      state: string | null;
      defer_reason: string | null;
      message: string | null;
      updated_at: Date | string | null;
    }>(
      await db.execute(sql`select t.id as terminal_id, t.sn, t.name, coalesce(t.online, false) as online,
          d.state, d.defer_reason, d.message, d.updated_at
        from terminals t
        left join lateral (select * from task_deliveries d where d.task_id = ${taskId} and d.terminal_id = t.id
          order by d.id desc limit 1) d on true
        where t.sn = any(${textArray(sns)})
        order by t.sn`),
    );
  },

  /** What each terminal printed for a command, joined in arrival order. */
  async outputs(commandId: string) {
    const rows = rowsOf<{ terminal_id: string; text: string }>(
      await db.execute(sql`select terminal_id, string_agg(text, '' order by id) as text
        from remote_command_output where command_id = ${commandId} group by terminal_id`),
    );
    return new Map(rows.map((r) => [r.terminal_id, r.text]));
  },

  /** The command behind a terminal's delivery, or null when the delivery is not a command of it. */
  async commandOfDelivery(terminalId: string, deliveryId: string) {
    const [r] = rowsOf<{ id: string; created_by: string; printed: number }>(
      await db.execute(sql`select c.id, c.created_by,
          (select coalesce(sum(length(o.text)), 0)::int from remote_command_output o
            where o.command_id = c.id and o.terminal_id = ${terminalId}) as printed
        from task_deliveries d join remote_commands c on c.task_id = d.task_id
        where d.id = ${deliveryId} and d.terminal_id = ${terminalId}`),
    );
    return r ? { id: r.id, createdBy: r.created_by, printed: r.printed } : null;
  },

  async appendOutput(row: typeof remoteCommandOutput.$inferInsert) {
    await db.insert(remoteCommandOutput).values(row);
  },

  async insertFile(row: typeof capturedFiles.$inferInsert) {
    const [r] = await db.insert(capturedFiles).values(row).returning({ id: capturedFiles.id });
    return r.id;
  },

  async filesOfCommand(commandId: string) {
    return rowsOf<FileSqlRow>(
      await db.execute(sql`${fileSelect} where f.command_id = ${commandId} order by f.created_at`),
    ).map(toFile);
  },

  /** A terminal's captured files, newest first, when the caller can see the terminal (null otherwise). */
  async filesOfTerminal(scope: Scope, sn: string) {
    const [t] = rowsOf<{ id: string }>(
      await db.execute(
        sql`select t.id from terminals t where t.sn = ${sn.toUpperCase()} and ${inScope(scope, sql`t.owner_id`)}`,
      ),
    );
    if (!t) return null;
    return rowsOf<FileSqlRow>(
      await db.execute(sql`${fileSelect} where f.terminal_id = ${t.id} order by f.created_at desc limit 200`),
    ).map(toFile);
  },

  /**
   * What a terminal in scope printed for its latest successful "device properties" command, with
   * when; undefined when it never reported them, null when the terminal is not in scope.
   */
  async reportedConfig(scope: Scope, sn: string) {
    const [t] = rowsOf<{ id: string; sn: string }>(
      await db.execute(
        sql`select t.id, t.sn from terminals t where t.sn = ${sn.toUpperCase()} and ${inScope(scope, sql`t.owner_id`)}`,
      ),
    );
    if (!t) return null;
    const [r] = rowsOf<{ text: string | null; at: Date | string }>(
      await db.execute(sql`select (select string_agg(o.text, '' order by o.id) from remote_command_output o
            where o.command_id = c.id and o.terminal_id = ${t.id}) as text, d.updated_at as at
        from remote_commands c
        join task_deliveries d on d.task_id = c.task_id and d.terminal_id = ${t.id} and d.state = 'success'
        where c.op = 'device_props'
        order by d.updated_at desc limit 1`),
    );
    return r?.text ? { sn: t.sn, text: r.text, at: new Date(r.at) } : undefined;
  },

  async templates(userId: string) {
    return rowsOf<{
      id: string;
      name: string;
      command: Record<string, unknown>;
      username: string | null;
      created_at: Date | string;
    }>(
      await db.execute(sql`select m.id, m.name, m.command, u.username, m.created_at
        from remote_command_templates m left join users u on u.id = m.created_by
        where m.created_by = ${userId} order by lower(m.name)`),
    ).map((r) => ({
      id: r.id,
      name: r.name,
      command: r.command,
      createdByName: r.username ?? '',
      createdAt: iso(r.created_at) as string,
    }));
  },

  /** Saves a template unless the user has one of that name or too many; answers why not. */
  async insertTemplate(
    row: { name: string; command: Record<string, unknown>; createdBy: string },
    max: number,
  ) {
    return db.transaction(async (tx) => {
      // One user's templates are counted and written under a lock on that user's row.
      await tx.execute(sql`select 1 from users where id = ${row.createdBy} for update`);
      const [{ n, same }] = rowsOf<{ n: number; same: number }>(
        await tx.execute(sql`select count(*)::int as n,
            (count(*) filter (where name = ${row.name}))::int as same
          from remote_command_templates where created_by = ${row.createdBy}`),
      );
      if (same) return 'duplicate' as const;
      if (n >= max) return 'full' as const;
      const [r] = await tx.insert(remoteCommandTemplates).values(row).returning();
      return r;
    });
  },

  async deleteTemplate(userId: string, id: string) {
    const r = rowsOf<{ id: string }>(
      await db.execute(
        sql`delete from remote_command_templates where id = ${id} and created_by = ${userId} returning id`,
      ),
    );
    return r.length > 0;
  },
});

export type CommandsRepository = ReturnType<typeof createCommandsRepository>;
