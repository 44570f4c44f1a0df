import { CreateTaskBodySchema } from '@cpm/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  checkTaskBody,
  emptyTaskForm,
  fieldOfBodyPath,
  formatMinutes,
  fromCopy,
  needsPassword,
  paramsFor,
  placeFieldErrors,
  presetOf,
  type TaskFormValues,
  toCreateBody,
  typeFits,
} from './taskForm';

const NOW = dayjs('2026-03-02T09:15:00+08:00');
const FILE_ID = '0196a3b0-0000-7000-8000-000000000001';

/** A complete file-push form aimed at two SNs. */
const filePush = (change: (v: TaskFormValues) => void = () => {}): TaskFormValues => {
  const v = emptyTaskForm(NOW);
  v.name = 'Price list';
  v.type = 'file_push';
  v.params = { fileId: FILE_ID, path: '/sdcard/Download' };
  v.targets.sns = ['P2000001', 'P2000002'];
  change(v);
  return v;
};

const fieldsOf = (v: TaskFormValues, lang = 'en') => checkTaskBody(toCreateBody(v), lang);

describe('toCreateBody', () => {
  it('builds a body the contract accepts, starting now and ending at the chosen expiry', () => {
    const body = toCreateBody(filePush());
    expect(CreateTaskBodySchema.safeParse(body).success).toBe(true);
    expect(body.timing.startAt).toBeUndefined();
    expect(dayjs(body.timing.expireAt).valueOf()).toBe(NOW.add(7, 'day').startOf('minute').valueOf());
    expect(body.timing.schedule).toEqual({ kind: 'once' });
    expect(body.rollout).toBeUndefined();
    expect(body.password).toBeUndefined();
  });

  it('sends only the chosen type parameters, leaving out what another type left behind', () => {
    const v = filePush((f) => {
      f.params = { ...f.params, command: 'ls', packageName: '' };
    });
    expect(toCreateBody(v).params).toEqual({ fileId: FILE_ID, path: '/sdcard/Download' });
    expect(paramsFor(undefined, { a: 1 })).toEqual({});
  });

  it('writes daily times, conditions and waves as the contract wants them', () => {
    const body = toCreateBody(
      filePush((f) => {
        f.timing.kind = 'daily';
        f.timing.at = dayjs('2000-01-01T02:30:00');
        f.timing.windowMinutes = 120;
        f.conditions = {
          idle: true,
          settled: true,
          charging: false,
          minBattery: 30,
          window: [dayjs('2000-01-01T22:00:00'), dayjs('2000-01-01T06:00:00')],
        };
        f.rollout = { enabled: true, waves: [1, 10, 100], maxFailurePercent: 5, waveMinutes: 30 };
      }),
      'secret',
    );
    expect(body.timing.schedule).toEqual({ kind: 'daily', at: '02:30', windowMinutes: 120 });
    expect(body.conditions).toEqual({
      idle: true,
      settled: true,
      charging: false,
      minBattery: 30,
      window: { from: '22:00', to: '06:00' },
    });
    expect(body.rollout).toEqual({ waves: [1, 10, 100], maxFailurePercent: 5, waveMinutes: 30 });
    expect(body.password).toBe('secret');
    expect(CreateTaskBodySchema.safeParse(body).success).toBe(true);
  });

  it('keeps the chosen whitelist and leaves it out when none is chosen', () => {
    const id = '0196a3b0-0000-7000-8000-0000000000aa';
    expect(toCreateBody(filePush((f) => (f.targets.whitelistId = id))).targets.whitelistId).toBe(id);
    expect('whitelistId' in toCreateBody(filePush((f) => (f.targets.whitelistId = null))).targets).toBe(
      false,
    );
  });
});

describe('checkTaskBody', () => {
  it('passes a complete form', () => {
    expect(fieldsOf(filePush())).toBeNull();
  });

  it('refuses an interval over 24 hours on the interval field, in the language asked', () => {
    const v = filePush((f) => {
      f.timing.kind = 'interval';
      f.timing.everyMinutes = 24 * 60 + 1;
    });
    expect(fieldsOf(v)?.fields).toEqual([
      { name: ['timing', 'everyMinutes'], errors: ['The interval may be at most 24 hours'] },
    ]);
    expect(fieldsOf(v, 'zh')?.fields[0].errors).toEqual(['执行间隔不能超过 24 小时']);
  });

  it('refuses a time range over 24 hours and one longer than the interval', () => {
    const long = filePush((f) => {
      f.timing.kind = 'cron';
      f.timing.expr = '0 3 * * *';
      f.timing.windowMinutes = 1500;
    });
    expect(fieldsOf(long)?.fields).toEqual([
      { name: ['timing', 'windowMinutes'], errors: ['The time range may be at most 24 hours'] },
    ]);
    const wider = filePush((f) => {
      f.timing.kind = 'interval';
      f.timing.everyMinutes = 60;
      f.timing.windowMinutes = 90;
    });
    expect(fieldsOf(wider)?.fields).toEqual([
      { name: ['timing', 'windowMinutes'], errors: ['The time range cannot be longer than the interval'] },
    ]);
  });

  it('puts an expiry before the start on the time range picker', () => {
    const v = filePush((f) => {
      f.timing.range = [NOW.add(2, 'day'), NOW.add(1, 'day')];
    });
    expect(fieldsOf(v)?.fields).toEqual([
      { name: ['timing', 'range'], errors: ['The expiry time must be after the start time'] },
    ]);
  });

  it('refuses shutdown and reboot in a shell command, also when quoted', () => {
    const v = filePush((f) => {
      f.type = 'command';
      f.params = { command: 'echo ok; "re"boot' };
    });
    const errors = fieldsOf(v)?.fields ?? [];
    expect(errors.map((e) => e.name)).toEqual([['params', 'command']]);
    expect(errors[0].errors[0]).toMatch(/must not contain shutdown or reboot/);
  });

  it('refuses a path ending in a backslash and a type the platform cannot run', () => {
    const path = filePush((f) => {
      f.platform = 'windows';
      f.params = { fileId: FILE_ID, path: 'C:\\POS\\' };
    });
    expect(fieldsOf(path)?.fields).toEqual([
      { name: ['params', 'path'], errors: ["A path's last character cannot be a backslash"] },
    ]);
    const ota = filePush((f) => {
      f.platform = 'windows';
      f.type = 'ota';
      f.params = { fileId: FILE_ID };
    });
    expect(fieldsOf(ota)?.fields.map((e) => e.name)).toEqual([['type']]);
  });

  it('asks for a name, a type and at least one target', () => {
    const v = emptyTaskForm(NOW);
    const names = fieldsOf(v)?.fields.map((e) => e.name.join('.'));
    expect(names).toEqual(expect.arrayContaining(['name', 'type', 'targets.sns']));
  });
});

describe('placeFieldErrors', () => {
  it("puts the server's field errors on the form's fields and keeps the rest apart", () => {
    const placed = placeFieldErrors(
      [
        { field: 'body.params.path', message: '路径错误', messageEn: 'Bad path' },
        { field: 'body.timing.expireAt', message: '已过期', messageEn: 'Expired' },
        { field: 'body.targets.sns.3', message: '序列号', messageEn: 'Not a serial number' },
        { field: 'body.targets.sns.4', message: '序列号', messageEn: 'Not a serial number' },
        { field: 'body.password', message: '密码错误', messageEn: 'Wrong password' },
      ],
      'en',
    );
    expect(placed.fields).toEqual([
      { name: ['params', 'path'], errors: ['Bad path'] },
      { name: ['timing', 'range'], errors: ['Expired'] },
      { name: ['targets', 'sns'], errors: ['Not a serial number'] },
    ]);
    expect(placed.other).toEqual(['Wrong password']);
  });

  it('maps schedule and list paths', () => {
    expect(fieldOfBodyPath(['timing', 'schedule', 'expr'])).toEqual(['timing', 'expr']);
    expect(fieldOfBodyPath(['rollout', 'waves', 2])).toEqual(['rollout', 'waves']);
    expect(fieldOfBodyPath(['conditions', 'window', 'from'])).toEqual(['conditions', 'window']);
    expect(fieldOfBodyPath(['targets'])).toEqual(['targets', 'sns']);
    expect(fieldOfBodyPath(['somethingElse'])).toBeNull();
  });
});

describe('fromCopy', () => {
  it('fills the form from a copied task with fresh times, and sends the same task again', () => {
    const v = fromCopy(
      {
        name: 'Nightly reboot',
        nameText: null,
        platform: 'android',
        type: 'reboot',
        params: {},
        targets: { sns: [], groupIds: ['0196a3b0-0000-7000-8000-0000000000bb'], modelIds: [], ownerIds: [] },
        schedule: { kind: 'daily', at: '03:00', windowMinutes: 60 },
        conditions: { idle: true, settled: true, charging: false, window: { from: '01:00', to: '05:00' } },
        rollout: { waves: [5, 100], maxFailurePercent: 20, waveMinutes: 30 },
      },
      NOW,
    );
    expect(v.timing.range?.[0]).toBeNull();
    const body = toCreateBody(v);
    expect(body.timing.schedule).toEqual({ kind: 'daily', at: '03:00', windowMinutes: 60 });
    expect(body.conditions?.window).toEqual({ from: '01:00', to: '05:00' });
    expect(body.rollout).toEqual({ waves: [5, 100], maxFailurePercent: 20, waveMinutes: 30 });
    expect(CreateTaskBodySchema.safeParse(body).success).toBe(true);
  });
});

describe('rules of the form', () => {
  it('asks for the password only for risky types', () => {
    expect(needsPassword('command')).toBe(true);
    expect(needsPassword('permission')).toBe(true);
    expect(needsPassword('registry')).toBe(true);
    expect(needsPassword('file_push')).toBe(false);
    expect(needsPassword(undefined)).toBe(false);
  });

  it('follows the platform matrix', () => {
    expect(typeFits('registry', 'android')).toBe(false);
    expect(typeFits('ota', 'windows')).toBe(false);
    expect(typeFits('boot_animation', 'windows')).toBe(false);
    expect(typeFits('reboot', 'windows')).toBe(true);
    expect(typeFits(undefined, 'windows')).toBe(true);
  });

  it('writes minutes as hours and minutes', () => {
    expect(formatMinutes(150, 'en')).toBe('2 h 30 min');
    expect(formatMinutes(60, 'en')).toBe('1 h');
    expect(formatMinutes(45, 'zh')).toBe('45 分钟');
    expect(formatMinutes(0, 'en')).toBe('0 min');
  });
});

describe('presetOf', () => {
  it('reads the type, platform and terminals an address names', () => {
    expect(presetOf(new URLSearchParams('type=app_install&platform=linux&sns=A1,%20B2,'))).toEqual({
      type: 'app_install',
      platform: 'linux',
      sns: ['A1', 'B2'],
    });
  });

  it('drops an unknown type or platform', () => {
    expect(presetOf(new URLSearchParams('type=format_disk&platform=beos&sns=A1'))).toEqual({ sns: ['A1'] });
  });

  it('is null when the address names nothing', () => {
    expect(presetOf(new URLSearchParams('copy=1'))).toBeNull();
  });
});
