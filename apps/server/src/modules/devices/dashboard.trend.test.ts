import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PASSWORD, callApi, createAccount } from '../../test-support/accounts';
import { deviceAuth, enrolledTerminals } from '../../test-support/fleet-fixtures';
import { useTestApp } from '../../test-support/suite-app';
import { ADMIN_PASSWORD, createTestClock, loginAs } from '../../test-support/test-app';

const T0 = Date.parse('2026-06-01T00:00:00Z');
const HOUR_MS = 3_600_000;
const at = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return T0 + (h * 60 + m) * 60_000;
};

type Trend = { at: string; online: number }[];

/**
 * Two enterprises' terminals send heartbeats through the device endpoints while the server's clock
 * moves through a morning; each account's dashboard trend counts its own terminals only.
 */
describe('dashboard online trend', () => {
  const clock = createTestClock(new Date(T0 - HOUR_MS));
  const t = useTestApp({ clock, gateway: { flushMs: 3_600_000, sweepMs: 3_600_000 } });
  const secrets = new Map<string, string>();
  const trendOf = async (username: string, password = ACCOUNT_PASSWORD) => {
    // Sessions idled out while the morning went by.
    const { token } = await loginAs(t.app, username, password);
    const res = await callApi(t, token, 'GET', '/device/v1/device/dashboard/overview');
    expect(res.body.code, res.body.messageEn).toBe(1);
    return res.body.result as { online: number; onlineTrend: Trend };
  };
  /** The trend's hours from 00:00 on (those before are empty), without the closing point. */
  const morning = (trend: Trend) =>
    Object.fromEntries(
      trend
        .slice(0, -1)
        .filter((p) => Date.parse(p.at) >= T0)
        .map((p) => [p.at.slice(11, 16), p.online]),
    );

  beforeAll(async () => {
    const admin = await loginAs(t.app, 'admin', ADMIN_PASSWORD);
    const entA = await createAccount(t, { username: 'trend_a', superiorId: admin.userId });
    const shopA = await createAccount(t, { username: 'trend_a_shop', superiorId: entA.id });
    const entB = await createAccount(t, { username: 'trend_b', superiorId: admin.userId });
    const owners = { A1: entA.id, A2: shopA.id, B1: entB.id, B2: entB.id, B3: entB.id };
    const list = Object.entries(owners).map(([name, ownerId], i) => ({
      sn: `TREND${name}`,
      name,
      mac: `02:00:00:00:20:0${i}`,
      ownerId,
    }));
    const enrolled = await enrolledTerminals(t, { id: admin.userId, token: admin.token }, list);
    for (const [sn, secret] of enrolled.secrets) secrets.set(sn, secret);

    // Heartbeats every 30 s from the first moment to the last, both included.
    const runs: [string, string, string][] = [
      ['TRENDA1', '00:00', '05:20'],
      ['TRENDA2', '01:00', '02:15'],
      ['TRENDB1', '00:00', '05:20'],
      ['TRENDB2', '02:00', '04:00'],
      ['TRENDB3', '02:00', '04:00'],
    ];
    const steps = runs
      .flatMap(([sn, from, to]) => {
        const beats: { sn: string; at: number }[] = [];
        for (let ms = at(from); ms <= at(to); ms += 30_000) beats.push({ sn, at: ms });
        return beats;
      })
      .sort((a, b) => a.at - b.at || a.sn.localeCompare(b.sn));
    let lastHour = -1;
    for (const s of steps) {
      clock.advance(s.at - clock.now().getTime());
      // Each hour is written by its own flush, so the hourly upserts add up across flushes.
      const hour = Math.floor(s.at / HOUR_MS);
      if (hour !== lastHour) {
        await t.agent.flush();
        lastHour = hour;
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/device/v1/agent/heartbeat',
        headers: deviceAuth(s.sn, secrets.get(s.sn) as string),
        payload: { battery: 80 },
      });
      expect(res.statusCode).toBe(200);
    }
    // The terminals that stopped are past the offline period by now.
    await t.agent.sweep();
    // The rollups gathered since their last write, as a graceful stop writes them.
    await t.datacenter.activity.writeAll();
  }, 120_000);

  it('gives every account 24 whole hours before the current one, then its count online now', async () => {
    const trend = (await trendOf('trend_b')).onlineTrend;
    expect(trend).toHaveLength(25);
    expect(trend[0].at).toBe('2026-05-31T05:00:00.000Z');
    expect(trend[23].at).toBe('2026-06-01T04:00:00.000Z');
    expect(trend[24]).toEqual({ at: '2026-06-01T05:20:00.000Z', online: 1 });
    expect(trend.slice(0, 19).every((p) => p.online === 0)).toBe(true);
  });

  it('counts only the caller’s own terminals and those of the accounts below it, hour by hour', async () => {
    // The average number online in each hour: B2 and B3 ran 02:00-04:00 beside B1.
    const b = await trendOf('trend_b');
    expect(morning(b.onlineTrend)).toEqual({ '00:00': 1, '01:00': 1, '02:00': 3, '03:00': 3, '04:00': 1 });
    expect(b.online).toBe(1);
    // A2 belongs to the shop below enterprise A; its quarter of an hour at 02:00 averages 0.25.
    const a = await trendOf('trend_a');
    expect(morning(a.onlineTrend)).toEqual({ '00:00': 1, '01:00': 2, '02:00': 1, '03:00': 1, '04:00': 1 });
    expect(a.online).toBe(1);
    const shop = await trendOf('trend_a_shop');
    expect(morning(shop.onlineTrend)).toEqual({ '00:00': 0, '01:00': 1, '02:00': 0, '03:00': 0, '04:00': 0 });
    expect(shop.online).toBe(0);
    // The platform sees both enterprises: at 02:00, 4.25 terminals on average.
    const all = await trendOf('admin', ADMIN_PASSWORD);
    expect(morning(all.onlineTrend)).toEqual({ '00:00': 2, '01:00': 3, '02:00': 4, '03:00': 4, '04:00': 2 });
    expect(all.online).toBe(2);
  });
});
