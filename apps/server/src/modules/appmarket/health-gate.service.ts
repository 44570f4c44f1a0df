import {
  DEFAULT_HEALTH_THRESHOLDS,
  type HealthThresholds,
  RELEASE_TRANSITIONS,
  type ReleaseHealth,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { brief } from './app-presenter';
import type { AppRecord, VersionRecord } from './appmarket.repository';
import type { MarketCore } from './market-core';

/**
 * The health gate of gray releases: crashes, ANRs, install failures and offline terminals of the
 * gray group against the rest of the fleet, and the pause of a release past its thresholds.
 */
export const createHealthGateService = (core: MarketCore) => {
  const { deps, repo, clock, mustOwnVersion, event, tellPublisher } = core;

  const healthOf = async (a: AppRecord, v: VersionRecord): Promise<ReleaseHealth> => {
    const thresholds: HealthThresholds = { ...DEFAULT_HEALTH_THRESHOLDS, ...v.health };
    const since = v.releasedAt ?? v.updatedAt;
    const running = await deps.fleet.running(a.packageName);
    const gray = new Set(v.graySns);
    const crashes = await repo.crashesSince(a.packageName, since);
    const group = (inGray: boolean) => {
      const members = running.filter((t) => gray.has(t.sn) === inGray);
      const sns = new Set(members.map((t) => t.sn));
      const rows = crashes.filter((c) => sns.has(c.sn) && (!inGray || c.versionCode === v.versionCode));
      const c = rows.reduce((n, r) => n + r.crashes, 0);
      const anr = rows.reduce((n, r) => n + r.anrs, 0);
      const offline = members.filter((t) => !t.online).length;
      const n = members.length;
      return {
        terminals: n,
        crashes: c,
        anrs: anr,
        crashRate: n ? (c + anr) / n : 0,
        offline,
        offlineRate: n ? offline / n : 0,
      };
    };
    const g = group(true);
    const rest = group(false);
    const results = new Map<string, string>();
    for (const r of await repo.installResults(v.id)) if (r.sn) results.set(r.sn, r.result);
    const failure = [...results.values()].filter((r) => r === 'failure').length;
    const success = results.size - failure;
    const installs = { success, failure, failureRate: results.size ? failure / results.size : 0 };
    const breaches: string[] = [];
    if (g.crashes + g.anrs >= thresholds.minCrashes && g.crashRate > thresholds.crashRatio * rest.crashRate)
      breaches.push('crashRate');
    if (results.size > 0 && installs.failureRate > thresholds.maxInstallFailureRate)
      breaches.push('installFailures');
    if (g.terminals > 0 && g.offlineRate - rest.offlineRate > thresholds.maxOfflineExcess)
      breaches.push('offline');
    const previous = await repo.previousVersion(a.id, v.versionCode, true);
    return {
      versionId: v.id,
      releaseStatus: v.releaseStatus,
      gray: g,
      rest,
      installs,
      thresholds,
      breaches,
      pauseReason: v.pauseReason,
      rollbackTo: brief(previous),
      checkedAt: clock.now().toISOString(),
    };
  };

  const BREACH_TEXT: Record<string, [string, string]> = {
    crashRate: ['崩溃/ANR 率超出阈值', 'crash/ANR rate above the threshold'],
    installFailures: ['安装失败率超出阈值', 'install failure rate above the threshold'],
    offline: ['离线率超出阈值', 'offline rate above the threshold'],
  };

  return {
    /** The health of a version's gray release against the rest of the fleet. */
    async health(auth: AuthContext, id: string) {
      const { app, version } = await mustOwnVersion(auth, id);
      return healthOf(app, version);
    },

    /**
     * The health gate: each gray release past a threshold pauses itself, its publisher gets a bell
     * notice and a mail, and the console offers the rollback. Run by a schedule.
     */
    async checkGrayHealth() {
      let paused = 0;
      for (const v of await repo.grayVersions()) {
        const a = await repo.findById(v.appId);
        if (!a) continue;
        const h = await healthOf(a, v);
        if (!h.breaches.length) continue;
        const reasonCodes = h.breaches.join(',');
        const row = await repo.transitionVersion(
          v.id,
          'releaseStatus',
          RELEASE_TRANSITIONS.pause.from,
          { releaseStatus: 'paused', pauseReason: reasonCodes, updatedAt: clock.now() },
          event(null, a, 'healthPause', {
            versionId: v.id,
            versionName: v.versionName,
            fromStatus: 'gray',
            toStatus: 'paused',
            detailText: {
              key: 'healthPause',
              params: {
                breaches: reasonCodes,
                gray: h.gray.crashRate.toFixed(2),
                rest: h.rest.crashRate.toFixed(2),
              },
            },
          }),
        );
        if (!row) continue;
        paused++;
        deps.announce?.({
          type: 'app.paused',
          ownerId: a.ownerId,
          objectKey: `appVersion:${v.id}`,
          data: {
            appId: a.id,
            packageName: a.packageName,
            versionId: v.id,
            versionName: v.versionName,
            breaches: h.breaches,
          },
        });
        const zh = h.breaches.map((b) => BREACH_TEXT[b]?.[0] ?? b).join('；');
        const en = h.breaches.map((b) => BREACH_TEXT[b]?.[1] ?? b).join('; ');
        await tellPublisher(
          a,
          row,
          {
            key: 'appGrayPaused',
            zh: '灰度发布已自动暂停',
            en: 'gray release paused',
            // The reasons travel as codes the console names in the reader's language.
            params: {
              breaches: h.breaches.join(','),
              gray: h.gray.crashRate.toFixed(2),
              rest: h.rest.crashRate.toFixed(2),
            },
          },
          `${zh} / ${en}. 灰度终端 ${h.gray.crashRate.toFixed(2)}，其余 ${h.rest.crashRate.toFixed(2)} 次/台 / gray ${h.gray.crashRate.toFixed(2)} vs rest ${h.rest.crashRate.toFixed(2)} per terminal. 可在“我的应用”中一键回滚 / Roll back from My Apps.`,
        );
      }
      return { paused };
    },
  };
};

export type HealthGateService = ReturnType<typeof createHealthGateService>;
