import { asc, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { terminalRollupDaily, terminalRollupHourly, terminals } from '../../db/schema';
import { callApi, createAccount } from '../../test-support/accounts';
import { callAs, deviceAuth, enrolledTerminals } from '../../test-support/fleet-fixtures';
import { useTestApp } from '../../test-support/suite-app';
import { ADMIN_PASSWORD, createTestClock, loginAs } from '../../test-support/test-app';
import { badHeaders, firstSheetOf, tableOf } from '../../test-support/workbook';
import { terminalEvents } from './datacenter.table';

const T0 = Date.parse('2026-06-01T00:00:00Z');
const at = (hhmmss: string, day = 0) => {
  const [h, m, s] = hhmmss.split(':').map(Number);
  return T0 + day * 86_400_000 + ((h * 60 + m) * 60 + s) * 1000;
};

/** A day of activity through the device endpoints, the server's clock moved step by step. */
describe('activity rollups', () => {
  const clock = createTestClock(new Date(T0));
  // No job runner: the day's clock steps would make every maintenance schedule due again and again
  // (more than half the file's work); the export test runs its job itself.
  const t = useTestApp({ clock, gateway: { sweepMs: 3_600_000, flushMs: 3_600_000 }, jobs: { run: false } });
  const secrets = new Map<string, string>();
  const ids = new Map<string, string>();
  let call: ReturnType<typeof callAs>;

  type Step = { at: number; sn: string; kind: 'heartbeat' | 'boot' | 'shutdown'; body?: object };
  const steps: Step[] = [];
  const heartbeats = (sn: string, from: number, to: number, body: (i: number) => object | null) => {
    for (let i = 0, ms = from; ms <= to; i++, ms += 30_000) {
      const b = body(i);
      if (b) steps.push({ at: ms, sn, kind: 'heartbeat', body: b });
    }
  };

  const send = async (s: Step) => {
    const headers = deviceAuth(s.sn, secrets.get(s.sn) as string);
    const res =
      s.kind === 'heartbeat'
        ? await t.app.inject({ method: 'POST', url: '/device/v1/agent/heartbeat', headers, payload: s.body })
        : await t.app.inject({
            method: 'POST',
            url: '/device/v1/agent/event',
            headers,
            payload: { type: s.kind, detail: s.kind === 'shutdown' ? 'power key' : undefined },
          });
    expect(res.statusCode).toBe(200);
  };

  let adminToken: string;
  beforeAll(async () => {
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    call = callAs(t, admin.token);
    adminToken = admin.token;
    const sns = ['RUNA0001', 'RUNB0001', 'RUNC0001'];
    const list = sns.map((sn, i) => ({ sn, name: sn, mac: `00:00:00:00:0${i}:01` }));
    const enrolled = await enrolledTerminals(t, { id: admin.userId, token: admin.token }, list);
    for (const [sn, secret] of enrolled.secrets) secrets.set(sn, secret);
    for (const r of await t.database.db.select({ id: terminals.id, sn: terminals.sn }).from(terminals))
      ids.set(r.sn, r.id);

    // A: boots at midnight, shuts down at 10:00, boots again at 13:30 and runs past midnight until 00:10.
    steps.push({ at: at('00:00:00'), sn: 'RUNA0001', kind: 'boot' });
    heartbeats('RUNA0001', at('00:00:00'), at('09:59:30'), (i) => ({
      battery: 100 - Math.floor(i / 100),
      mobileBytes: 1000 * (i + 1),
      wifiBytes: 2500 * (i + 1),
      memoryFreeMb: 900 - (i % 7),
      storageFreeMb: 5000 - i,
      uptimeSec: 30 * i,
    }));
    steps.push({ at: at('10:00:00'), sn: 'RUNA0001', kind: 'shutdown' });
    steps.push({ at: at('13:30:00'), sn: 'RUNA0001', kind: 'boot' });
    // Unreachable from 15:00 to 15:10 while still running: not online, yet running.
    heartbeats('RUNA0001', at('13:30:00'), at('00:10:00', 1), (i) =>
      i >= 180 && i < 200
        ? null
        : { battery: 90, mobileBytes: 400 * (i + 1), wifiBytes: 0, uptimeSec: 30 * i },
    );
    steps.push({ at: at('00:10:00', 1), sn: 'RUNA0001', kind: 'shutdown' });
    // B: never reboots; silent from 11:59:30 to 12:05:00 (longer than the offline period).
    heartbeats('RUNB0001', at('00:00:00'), at('11:59:30'), (i) => ({
      battery: 60 - Math.floor(i / 200),
      wifiBytes: 10 * i,
    }));
    heartbeats('RUNB0001', at('12:05:00'), at('00:00:00', 1), (i) => ({
      battery: 7 + (i % 3),
      wifiBytes: 20_000 + 10 * i,
    }));
    // C: one heartbeat every 45 s for an hour: online, with gaps inside the offline period.
    for (let ms = at('06:00:00'); ms <= at('07:00:00'); ms += 45_000)
      steps.push({ at: ms, sn: 'RUNC0001', kind: 'heartbeat', body: { mobileBytes: 5 } });
    steps.sort((a, b) => a.at - b.at);

    let lastHour = -1;
    for (const s of steps) {
      clock.advance(s.at - clock.now().getTime());
      const hour = Math.floor(s.at / 3_600_000);
      if (hour !== lastHour) {
        await t.agent.flush();
        lastHour = hour;
      }
      await send(s);
    }
    await t.agent.flush();
    // The rollups between their last write and now, as a graceful stop writes them.
    await t.datacenter.activity.writeAll();
    // The session idled out while the day went by.
    const again = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    call = callAs(t, again.token);
    adminToken = again.token;
    // A whole day of heartbeats for three terminals (about 8,600 calls) goes through the real routes;
    // on a loaded two-core machine that takes close to two minutes.
  }, 300_000);

  const daily = async (sn: string) =>
    (
      await t.database.db
        .select()
        .from(terminalRollupDaily)
        .where(sql`${terminalRollupDaily.terminalId} = ${ids.get(sn)}`)
        .orderBy(asc(terminalRollupDaily.day))
    ).map(({ terminalId: _, ...r }) => r);

  it('sums a day of a terminal that shut down and booted again, to the second and the byte', async () => {
    // 00:00-10:00 and 13:30-24:00; the data counters restart at each boot.
    const [day1, day2] = await daily('RUNA0001');
    expect(day1).toEqual({
      day: '2026-06-01',
      onlineSec: 36_000 + 37_800 - 630,
      runtimeSec: 36_000 + 37_800,
      // 1200 heartbeats up to 1,200,000 bytes, then 1260 up to 504,000 (the first one counts from the boot's zero).
      mobileBytes: 1_200_000 + 504_000,
      wifiBytes: 3_000_000,
      heartbeats: 1200 + 1260 - 20,
      batteryMin: 100 - Math.floor(1199 / 100),
      memoryFreeMinMb: 894,
      storageFreeMinMb: 5000 - 1199,
      boots: 2,
      shutdowns: 1,
      firstBootAt: new Date(at('00:00:00')),
      lastShutdownAt: new Date(at('10:00:00')),
    });
    expect(day2).toMatchObject({
      day: '2026-06-02',
      onlineSec: 600,
      runtimeSec: 600,
      mobileBytes: 21 * 400,
      heartbeats: 21,
      boots: 0,
      shutdowns: 1,
      firstBootAt: null,
      lastShutdownAt: new Date(at('00:10:00', 1)),
    });
  });

  it('leaves a silence longer than the offline period out of the online time', async () => {
    const [day1, day2] = await daily('RUNB0001');
    // B sends no uptime: no running time is claimed for it.
    expect(day1).toMatchObject({
      runtimeSec: 0,
      onlineSec: 86_400 - 330,
      wifiBytes: 10 * 1439 + (20_000 - 10 * 1439) + 10 * 1429,
      batteryMin: 7,
      boots: 0,
      shutdowns: 0,
      firstBootAt: null,
    });
    // The heartbeat at midnight closes the last stretch of the day before; it starts none of its own.
    expect(day2).toMatchObject({ onlineSec: 0, heartbeats: 1, wifiBytes: 10 });
    const c = await daily('RUNC0001');
    expect(c).toMatchObject([{ onlineSec: 3600, heartbeats: 81, mobileBytes: 0 }]);
  });

  it('splits online time at hour boundaries and keeps the hours apart', async () => {
    const rows = await t.database.db
      .select({
        hour: terminalRollupHourly.hour,
        onlineSec: terminalRollupHourly.onlineSec,
        boots: terminalRollupHourly.boots,
      })
      .from(terminalRollupHourly)
      .where(sql`${terminalRollupHourly.terminalId} = ${ids.get('RUNA0001')}`)
      .orderBy(asc(terminalRollupHourly.hour));
    const byHour = new Map(rows.map((r) => [r.hour.toISOString().slice(0, 13), r]));
    expect(byHour.get('2026-06-01T09')?.onlineSec).toBe(3600);
    expect(byHour.get('2026-06-01T10')).toMatchObject({ onlineSec: 0 });
    expect(byHour.get('2026-06-01T11')).toBeUndefined();
    expect(byHour.get('2026-06-01T13')).toMatchObject({ onlineSec: 1800, boots: 1 });
    expect(byHour.get('2026-06-01T14')).toMatchObject({ onlineSec: 3600 - 30 });
    expect(byHour.get('2026-06-01T15')).toMatchObject({ onlineSec: 3600 - 600 });
    expect(rows.reduce((n, r) => n + r.onlineSec, 0)).toBe(36_000 + 37_800 - 630 + 600);
  });

  it('keeps boots and shutdowns in the event table, in their monthly partition', async () => {
    const events = await t.database.db
      .select({ kind: terminalEvents.kind, detail: terminalEvents.detail, at: terminalEvents.at })
      .from(terminalEvents)
      .where(sql`${terminalEvents.terminalId} = ${ids.get('RUNA0001')}`)
      .orderBy(asc(terminalEvents.at));
    expect(events.map((e) => [e.kind, e.at.toISOString()])).toEqual([
      ['boot', '2026-06-01T00:00:00.000Z'],
      ['shutdown', '2026-06-01T10:00:00.000Z'],
      ['boot', '2026-06-01T13:30:00.000Z'],
      ['shutdown', '2026-06-02T00:10:00.000Z'],
    ]);
    expect(events[1].detail).toBe('power key');
    const where = await t.database.db.execute(
      sql`select tableoid::regclass::text as part, count(*)::int as n from terminal_events group by 1 order by 1`,
    );
    expect((where as unknown as { rows: unknown[] }).rows).toEqual([
      { part: 'terminal_events_202606', n: 4 },
    ]);
  });

  const q = (o: Record<string, string>) => new URLSearchParams(o).toString();

  it('lists run records per terminal and day, filtered and sorted, with the figures of the rollups', async () => {
    const page = await call(
      'GET',
      `/device/v1/dataCenter/runRecord/getPage?${q({ startDate: '2026-06-01', endDate: '2026-06-02', sortField: 'onlineSec', sortOrder: 'descend' })}`,
    );
    expect(page.status).toBe(200);
    const r = page.body.result as {
      total: number;
      records: {
        sn: string;
        day: string;
        onlineSec: number;
        runtimeSec: number;
        boots: number;
        groupName: string;
      }[];
    };
    expect(r.total).toBe(5);
    expect(r.records.map((x) => [x.sn, x.day, x.onlineSec])).toEqual([
      ['RUNB0001', '2026-06-01', 86_070],
      ['RUNA0001', '2026-06-01', 73_170],
      ['RUNC0001', '2026-06-01', 3600],
      ['RUNA0001', '2026-06-02', 600],
      ['RUNB0001', '2026-06-02', 0],
    ]);
    expect(r.records[1]).toMatchObject({ runtimeSec: 73_800, boots: 2, groupName: 'Main store' });
    const one = await call(
      'GET',
      `/device/v1/dataCenter/runRecord/getPage?${q({ startDate: '2026-06-02', endDate: '2026-06-02', sn: 'runa' })}`,
    );
    expect((one.body.result as { total: number }).total).toBe(1);
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/device/v1/dataCenter/runRecord/export?${q({ startDate: '2026-06-01', endDate: '2026-06-01' })}`,
      headers: { satoken: adminToken, timezone: 'Asia/Shanghai', 'accept-language': 'zh-CN' },
    });
    expect(xlsx.statusCode).toBe(200);
    const sheet = await firstSheetOf(xlsx);
    expect(sheet.rowCount).toBe(4);
    const { headers, rows } = tableOf(sheet);
    expect(headers).toEqual([
      '日期',
      '序列号',
      '名称',
      '分组',
      '型号',
      '企业',
      '首次开机',
      '最后关机',
      '开机次数',
      '关机次数',
      '运行时长（小时）',
      '在线时长（小时）',
      '移动数据（MB）',
      'Wi-Fi 数据（MB）',
      '最低电量（%）',
    ]);
    expect(badHeaders(headers, 'zh')).toEqual([]);
    const runa = (r.records as unknown as { sn: string; day: string; firstBootAt: string }[]).find(
      (x) => x.sn === 'RUNA0001' && x.day === '2026-06-01',
    );
    const inShanghai = (iso: string) =>
      new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(rows.find((x) => x.序列号 === 'RUNA0001')).toMatchObject({
      日期: '2026-06-01',
      首次开机: inShanghai(runa?.firstBootAt as string),
      '运行时长（小时）': 20.5,
    });
  });

  it('exports the run records as a background CSV job with the figures of the list', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/upms/v1/upms/export/start',
      headers: { satoken: adminToken, timezone: 'Asia/Shanghai', 'accept-language': 'en' },
      payload: {
        list: 'runRecords',
        filter: { startDate: '2026-06-01', endDate: '2026-06-01', sn: 'RUNA' },
        format: 'csv',
      },
    });
    const answer = started.json().result as { mode: string; jobId: string };
    expect(answer.mode).toBe('job');
    type Job = { status: string; result: { rows: number; downloadUrl: string } };
    let job: Job | undefined;
    for (;;) {
      await t.jobs.runDue();
      job = (await call('GET', `/upms/v1/upms/job/getById?id=${answer.jobId}`)).body.result as Job;
      if (job?.status === 'succeeded' || job?.status === 'failed') break;
      // Polls for an end that will come; the pause lets the job's file I/O complete meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(job?.status).toBe('succeeded');
    expect(job?.result.rows).toBe(1);
    const link = await t.app.inject({ method: 'GET', url: job?.result.downloadUrl as string });
    const file = await t.app.inject({ method: 'GET', url: link.headers.location as string });
    const lines = file.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '\uFEFFDate,SN,Name,Group,Model,Enterprise,First boot,Last shutdown,Boots,Shutdowns,Runtime (h),' +
        'Online time (h),Mobile data (MB),Wi-Fi data (MB),Lowest battery (%)',
    );
    expect(lines[1].startsWith('2026-06-01,RUNA0001,')).toBe(true);
    expect(lines[1]).toMatch(/,2026-06-01 \d{2}:\d{2}:\d{2},/);
    // Runtime 20.5 h, online 20.33 h (73,170 s), mobile 1.63 MB.
    expect(lines[1]).toContain(',20.5,20.33,1.63,');
  });

  it('refuses an inverted or too long range in both languages, and changes nothing', async () => {
    const inverted = await call(
      'GET',
      `/device/v1/dataCenter/runRecord/getPage?${q({ startDate: '2026-06-02', endDate: '2026-06-01' })}`,
    );
    expect(inverted.status).toBe(400);
    expect(JSON.stringify(inverted.body)).toContain('The end date must not be before the start date');
    expect(JSON.stringify(inverted.body)).toContain('结束日期不能早于开始日期');
    const long = await call(
      'GET',
      `/device/v1/dataCenter/monitor/overview?${q({ startDate: '2026-01-01', endDate: '2026-06-01' })}`,
    );
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('must not be longer than 92 days');
    const badDate = await call(
      'GET',
      `/device/v1/dataCenter/runRecord/detail?${q({ sn: 'RUNA0001', startDate: '2026-02-30x', endDate: '2026-03-01' })}`,
    );
    expect(badDate.status).toBe(400);
  });

  it('charts one terminal by the hour with its events, and refuses an unknown or foreign SN', async () => {
    const d = await call(
      'GET',
      `/device/v1/dataCenter/runRecord/detail?${q({ sn: 'runa0001', startDate: '2026-06-01', endDate: '2026-06-02' })}`,
    );
    expect(d.status).toBe(200);
    const r = d.body.result as {
      granularity: string;
      series: { at: string; onlineSec: number }[];
      totals: { onlineSec: number; boots: number };
      events: { kind: string }[];
    };
    expect(r.granularity).toBe('hour');
    expect(r.series.find((p) => p.at === '2026-06-01T15:00:00Z')?.onlineSec).toBe(3000);
    expect(r.totals).toMatchObject({ onlineSec: 73_170 + 600, boots: 2 });
    expect(r.events.map((e) => e.kind)).toEqual(['shutdown', 'boot', 'shutdown', 'boot']);
    const unknown = await call(
      'GET',
      `/device/v1/dataCenter/runRecord/detail?${q({ sn: 'NOPE0001', startDate: '2026-06-01', endDate: '2026-06-02' })}`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.messageEn).toBe('No such terminal in your data scope');
    const other = await createAccount(t, { username: 'dc_other' });
    const foreign = await callApi(
      t,
      other.token,
      'GET',
      `/device/v1/dataCenter/runRecord/detail?${q({ sn: 'RUNA0001', startDate: '2026-06-01', endDate: '2026-06-02' })}`,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('终端不存在或不在您的数据范围内');
    const theirs = await callApi(
      t,
      other.token,
      'GET',
      `/device/v1/dataCenter/runRecord/getPage?${q({ startDate: '2026-06-01', endDate: '2026-06-02' })}`,
    );
    expect(theirs.body.result.total).toBe(0);
  });

  it('counts the fleet per day, by model and group, by weekday and hour, and the longest offline', async () => {
    const m = await call(
      'GET',
      `/device/v1/dataCenter/monitor/overview?${q({ startDate: '2026-06-01', endDate: '2026-06-03' })}`,
    );
    expect(m.status).toBe(200);
    const r = m.body.result as {
      days: { day: string; online: number; active: number; activated: number }[];
      byModel: { label: string; count: number }[];
      heatmap: { weekday: number; hour: number; count: number }[];
      offlineLongest: { sn: string }[];
    };
    expect(r.days).toEqual([
      { day: '2026-06-01', online: 3, active: 3, activated: 3 },
      { day: '2026-06-02', online: 1, active: 0, activated: 0 },
      { day: '2026-06-03', online: 0, active: 0, activated: 0 },
    ]);
    // Terminal-days online: A, B and C on the 1st, A again until 00:10 on the 2nd.
    expect(r.byModel).toEqual([{ key: expect.any(String), label: 'P2', count: 4 }]);
    // 2026-06-01 is a Monday: at 06:00 all three were online, at 11:00 only B.
    const cell = (h: number) => r.heatmap.find((c) => c.weekday === 1 && c.hour === h)?.count;
    expect([cell(6), cell(11), cell(12)]).toEqual([3, 1, 1]);
    expect(r.offlineLongest.map((x) => x.sn)).toContain('RUNA0001');
  });
});
