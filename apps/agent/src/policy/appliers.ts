import {
  POLICY_FIELD_KEYS,
  POLICY_FIELD_SCHEMAS,
  type PolicyFieldKey,
  type PolicyFieldResult,
} from '@cpm/contracts';

/** What applying policies needs from the system; tests give a fake one. */
export type PolicySystem = {
  /** Runs a command; resolves with its standard output, rejects (with `stderr`) when it fails. */
  run(cmd: string, args: string[]): Promise<string>;
  readText(file: string): string | null;
  writeText(file: string, text: string): void;
  /** Whether an app package is installed in the agent's apps folder. */
  installed(packageName: string): boolean;
};

/** What the configuration allows the agent to change (`policy` in agent.json). */
export type PolicyAllowed = {
  /** Set the system time zone with `timedatectl set-timezone`. */
  timeZone: boolean;
  /** The X display whose screen saver timeout `xset` sets; none: screen timeout is unsupported. */
  display?: string;
  /** A backlight folder (`/sys/class/backlight/<name>`) whose brightness the agent writes. */
  backlight?: string;
  /** Commands run with the value as their last argument; stdout's last line (JSON) is the actual value. */
  hooks: { wallpaper?: string[]; kioskApp?: string[] };
};

/** One field the agent can set on this terminal: set it, and read what it holds now. */
export type Applier = { set(value: unknown): Promise<unknown>; read(): Promise<unknown> };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A hook's answer: the last line of its output as JSON when it is JSON, else the value it was given. */
const hookApplier = (sys: PolicySystem, argv: string[]): Applier => {
  let held: unknown = null;
  return {
    async set(value) {
      const out = await sys.run(argv[0], [...argv.slice(1), value === null ? '' : String(value)]);
      const last = out.trim().split('\n').pop() ?? '';
      try {
        held = last ? JSON.parse(last) : value;
      } catch {
        held = value;
      }
      return held;
    },
    read: async () => held,
  };
};

/** The fields this terminal can apply under its configuration; every other one is unsupported. */
export const appliersFor = (allowed: PolicyAllowed, sys: PolicySystem) => {
  const out: Partial<Record<PolicyFieldKey, Applier>> = {};
  if (allowed.timeZone)
    out.timeZone = {
      set: (v) => sys.run('timedatectl', ['set-timezone', String(v)]),
      read: async () => (await sys.run('timedatectl', ['show', '-p', 'Timezone', '--value'])).trim(),
    };
  const display = allowed.display;
  if (display)
    out.screenTimeoutSec = {
      // The screen saver blanks the X screen after this many idle seconds (and cycles at the same period).
      set: (v) => sys.run('xset', ['-display', display, 's', String(v), String(v)]),
      read: async () => {
        const q = await sys.run('xset', ['-display', display, 'q']);
        const m = /timeout:\s+(\d+)/.exec(q);
        return m ? Number(m[1]) : null;
      },
    };
  const backlight = allowed.backlight;
  if (backlight) {
    const max = () => Number(sys.readText(`${backlight}/max_brightness`)?.trim());
    out.brightness = {
      set: async (v) =>
        sys.writeText(`${backlight}/brightness`, String(Math.round((Number(v) * max()) / 100))),
      read: async () => Math.round((Number(sys.readText(`${backlight}/brightness`)?.trim()) * 100) / max()),
    };
  }
  if (allowed.hooks.wallpaper) out.wallpaper = hookApplier(sys, allowed.hooks.wallpaper);
  if (allowed.hooks.kioskApp) {
    const hook = hookApplier(sys, allowed.hooks.kioskApp);
    out.kioskApp = {
      read: hook.read,
      set: async (v) => {
        if (v !== null && !sys.installed(String(v))) throw new NotInstalled(String(v));
        return hook.set(v);
      },
    };
  }
  return out;
};

class NotInstalled extends Error {
  constructor(readonly packageName: string) {
    super(`${packageName} is not installed`);
  }
}

const reasonOf = (err: unknown) => {
  if (err instanceof NotInstalled) return 'APP_NOT_INSTALLED';
  const text = `${(err as { stderr?: string }).stderr ?? ''} ${(err as Error).message ?? ''}`;
  return /permission denied|access denied|not authori[sz]ed|authentication required/i.test(text)
    ? 'PERMISSION_DENIED'
    : 'INTERNAL_ERROR';
};

/**
 * Applies one field and answers as the protocol asks: `applied` with the value read back afterwards,
 * `failed` with a reason, or `unsupported` for a field this terminal has no way to set. A field that
 * already holds the value is only read, so the document sent after every connection changes nothing.
 */
export const applyField = async (
  appliers: Partial<Record<string, Applier>>,
  field: string,
  value: unknown,
): Promise<PolicyFieldResult> => {
  const key = field as PolicyFieldKey;
  const applier = appliers[field];
  if (!applier || !(POLICY_FIELD_KEYS as string[]).includes(field))
    return { field: key, state: 'unsupported', message: `${field} cannot be set on this Linux terminal` };
  const valid = POLICY_FIELD_SCHEMAS[key].safeParse(value);
  if (!valid.success)
    return { field: key, state: 'failed', reason: 'INVALID_VALUE', message: valid.error.issues[0]?.message };
  try {
    if (!same(await applier.read().catch(() => undefined), valid.data)) await applier.set(valid.data);
    return { field: key, state: 'applied', actual: await applier.read() };
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    return {
      field: key,
      state: 'failed',
      reason: reasonOf(err),
      message: (stderr || (err as Error).message || 'failed').slice(0, 500),
    };
  }
};
