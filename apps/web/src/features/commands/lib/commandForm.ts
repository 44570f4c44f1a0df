import type { CommandOp, CommandSpecInput } from '@cpm/contracts';

/** What the command form holds: the op and every field any op may use. */
export type CommandFormValues = {
  op: CommandOp;
  packageName?: string;
  host?: string;
  count?: number;
  range?: [{ toISOString(): string }, { toISOString(): string }] | null;
  command?: string;
};

/** Ops and the fields each takes, in the order the form shows them. */
export const OP_FIELDS: Record<
  CommandOp,
  readonly ('packageName' | 'host' | 'count' | 'range' | 'command')[]
> = {
  reboot: [],
  screenshot: [],
  upload_logs: ['range'],
  clear_cache: ['packageName'],
  clear_data: ['packageName'],
  stop_app: ['packageName'],
  launch_app: ['packageName'],
  lock_screen: [],
  unlock_screen: [],
  device_props: [],
  ping: ['host', 'count'],
  dns: ['host'],
  sync_time: [],
  shell: ['command'],
};

/** Ops that change what the terminal is doing; the console asks before sending them. */
export const DISRUPTIVE_OPS: readonly CommandOp[] = ['reboot', 'clear_data', 'stop_app', 'lock_screen'];

/** The command as the contract takes it, from the form's values (blank fields left out). */
export const specOf = (v: CommandFormValues): CommandSpecInput => {
  const out: Record<string, unknown> = { op: v.op };
  for (const f of OP_FIELDS[v.op]) {
    if (f === 'range') {
      if (v.range?.[0] && v.range[1]) {
        out.from = v.range[0].toISOString();
        out.to = v.range[1].toISOString();
      }
    } else if (v[f] !== undefined && v[f] !== null && v[f] !== '') out[f] = v[f];
  }
  return out as CommandSpecInput;
};

/** The form's values from a saved command (a template). */
export const valuesOf = (
  spec: Record<string, unknown>,
  toDate: (iso: string) => { toISOString(): string },
): CommandFormValues => {
  const v: CommandFormValues = { op: spec.op as CommandOp };
  if (typeof spec.packageName === 'string') v.packageName = spec.packageName;
  if (typeof spec.host === 'string') v.host = spec.host;
  if (typeof spec.count === 'number') v.count = spec.count;
  if (typeof spec.command === 'string') v.command = spec.command;
  if (typeof spec.from === 'string' && typeof spec.to === 'string')
    v.range = [toDate(spec.from), toDate(spec.to)];
  return v;
};
