import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../issue-text';
import { CreateTaskBodySchema, type CreateTaskInput } from './task-create';
import { TASK_TYPE_PLATFORMS, TASK_TYPES } from './task-types';

const body = (over: Partial<CreateTaskInput> = {}): CreateTaskInput => ({
  name: 'Push',
  platform: 'android',
  type: 'command',
  params: { command: 'ls /sdcard' },
  targets: { sns: ['sn-0001'] },
  timing: { expireAt: '2026-06-02T08:00:00+08:00' },
  ...over,
});

const fields = (input: unknown) => {
  const r = CreateTaskBodySchema.safeParse(input);
  return r.success ? [] : toFieldErrors(r.error.issues, 'body');
};

describe('CreateTaskBodySchema', () => {
  it('accepts a plain task and upper-cases SNs', () => {
    const r = CreateTaskBodySchema.parse(body());
    expect(r.targets.sns).toEqual(['SN-0001']);
    expect(r.timing.schedule).toEqual({ kind: 'once' });
    expect(r.conditions).toEqual({ idle: false, settled: false, charging: false });
  });

  it('refuses a type the platform cannot run, in both languages', () => {
    const errs = fields(
      body({
        type: 'registry',
        params: { key: 'HKLM\\SOFTWARE\\X', name: 'a', valueType: 'REG_SZ', value: '1' },
      }),
    );
    expect(errs).toHaveLength(1);
    expect(errs[0].field).toBe('body.type');
    expect(errs[0].messageEn).toMatch(/Android has no registry/);
    expect(errs[0].message).toMatch(/Android/);
    expect(
      fields(body({ platform: 'windows', type: 'ota', params: { fileId: crypto.randomUUID() } }))[0].field,
    ).toBe('body.type');
  });

  it('takes Linux file pushes to POSIX paths and refuses what a Linux terminal cannot run', () => {
    const push = (path: string) =>
      body({ platform: 'linux', type: 'file_push', params: { fileId: crypto.randomUUID(), path } });
    expect(fields(push('/opt/pos/files'))).toEqual([]);
    const errs = fields(push('C:\\POS'));
    expect(errs.map((e) => [e.field, e.messageEn])).toEqual([
      ['body.params.path', 'Enter an absolute path, like /opt/pos/files'],
    ]);
    expect(errs[0].message).toBe('请填写绝对路径，如 /opt/pos/files');
    expect(fields(body({ platform: 'linux', type: 'ota', params: { fileId: crypto.randomUUID() } }))).toEqual(
      [],
    );
    const wallpaper = fields(
      body({ platform: 'linux', type: 'wallpaper', params: { wallpaperId: crypto.randomUUID() } }),
    );
    expect(wallpaper[0].messageEn).toMatch(/Linux takes file pushes, agent updates/);
  });

  it('has a platform for every type and at least one type Android cannot run', () => {
    for (const t of TASK_TYPES) expect(TASK_TYPE_PLATFORMS[t].length).toBeGreaterThan(0);
    expect(TASK_TYPES.some((t) => !TASK_TYPE_PLATFORMS[t].includes('android'))).toBe(true);
  });

  it('refuses a shell command with a hidden reboot on the params field', () => {
    const errs = fields(body({ params: { command: 'echo hi; re"boot"' } }));
    expect(errs[0].field).toBe('body.params.command');
    expect(errs[0].messageEn).toMatch(/shutdown or reboot/);
  });

  it('refuses a path ending with a backslash, and a relative one', () => {
    const fileId = crypto.randomUUID();
    const win = fields(
      body({ platform: 'windows', type: 'file_push', params: { fileId, path: 'C:\\POS\\' } }),
    );
    expect(win[0]).toMatchObject({
      field: 'body.params.path',
      messageEn: "A path's last character cannot be a backslash",
    });
    expect(fields(body({ type: 'file_push', params: { fileId, path: 'sdcard/x' } }))[0].field).toBe(
      'body.params.path',
    );
    expect(fields(body({ type: 'file_push', params: { fileId, path: '/sdcard/Download' } }))).toEqual([]);
  });

  it('refuses an interval or a time range over 24 hours', () => {
    const interval = fields(
      body({
        timing: { expireAt: '2026-06-09T00:00:00Z', schedule: { kind: 'interval', everyMinutes: 1441 } },
      }),
    );
    expect(interval[0]).toMatchObject({ field: 'body.timing.schedule.everyMinutes' });
    expect(interval[0].messageEn).toMatch(/24 hours/);
    const range = fields(
      body({
        timing: {
          expireAt: '2026-06-09T00:00:00Z',
          schedule: { kind: 'daily', at: '02:00', windowMinutes: 25 * 60 },
        },
      }),
    );
    expect(range[0].messageEn).toMatch(/time range may be at most 24 hours/);
  });

  it.each([
    ['0 0 */2 * *', /at most 24 hours apart/],
    ['0 3 1 * *', /at most 24 hours apart/],
    ['0 3 1 1 *', /at most 24 hours apart/],
    ['0 9 * * 1-5', /at most 24 hours apart/],
    ['* * * * * *', /seconds/],
    ['0 0 3 * * * 2027', /seconds/],
    ['0 3 * * * 1 2 3', /5 fields/],
  ])('refuses the cron %s with a clear message in both languages', (expr, en) => {
    const errs = fields(
      body({
        timing: { expireAt: '2026-06-09T00:00:00Z', schedule: { kind: 'cron', expr, windowMinutes: 30 } },
      }),
    );
    expect(errs[0]).toMatchObject({ field: 'body.timing.schedule.expr' });
    expect(errs[0].messageEn).toMatch(en);
    expect(errs[0].message).toMatch(/Cron/);
  });

  it.each(['*/15 * * * *', '30 2 * * *', '0 8,20 * * ?', '0 0 */1 * *'])('accepts the cron %s', (expr) => {
    expect(
      fields(
        body({
          timing: { expireAt: '2026-06-09T00:00:00Z', schedule: { kind: 'cron', expr, windowMinutes: 30 } },
        }),
      ),
    ).toEqual([]);
  });

  it('refuses an expiry before the start and waves that do not end at 100', () => {
    expect(
      fields(body({ timing: { startAt: '2026-06-02T00:00:00Z', expireAt: '2026-06-01T00:00:00Z' } }))[0]
        .field,
    ).toBe('body.timing.expireAt');
    expect(fields(body({ rollout: { waves: [1, 10, 50] } }))[0].field).toBe('body.rollout.waves');
    expect(fields(body({ rollout: { waves: [1, 10, 100] } }))).toEqual([]);
  });

  it('needs at least one target', () => {
    expect(fields(body({ targets: {} }))[0].field).toBe('body.targets');
  });
});
