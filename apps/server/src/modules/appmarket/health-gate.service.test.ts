import { describe, expect, it } from 'vitest';
import { NOT_FOUND } from '../../test-support/fake';
import type { AppEventsRepository } from './app-events.repository';
import { createHealthGateService } from './health-gate.service';
import { fakeMarketVersion, marketTerminal } from './market-fakes';

type Crashes = Awaited<ReturnType<AppEventsRepository['crashesSince']>>;

/** Version 3 in gray release on two of four terminals: at least 3 crashes, twice the rest's rate. */
const setup = (crashes: [string, number, number][]) => {
  const { deps, core, app, version } = fakeMarketVersion({
    releaseStatus: 'gray',
    graySns: ['G1', 'G2'],
    health: { minCrashes: 3, crashRatio: 2 },
  });
  deps.repo.grayVersions.mockResolvedValue([version]);
  deps.repo.findById.mockResolvedValue(app);
  deps.fleet.running.mockResolvedValue(['G1', 'G2', 'R1', 'R2'].map((sn) => marketTerminal(sn, 3)));
  deps.repo.crashesSince.mockResolvedValue(
    crashes.map(([sn, c, a]) => ({ sn, versionCode: 3, crashes: c, anrs: a })) as Crashes,
  );
  deps.repo.installResults.mockResolvedValue([]);
  deps.repo.previousVersion.mockResolvedValue(NOT_FOUND);
  return { deps, service: createHealthGateService(core) };
};

describe('the health gate', () => {
  it('judges nothing below the minimum number of crashes', async () => {
    const s = setup([
      ['G1', 1, 0],
      ['R1', 1, 0],
      ['R2', 1, 0],
    ]);
    expect(await s.service.checkGrayHealth()).toEqual({ paused: 0 });
  });

  it('leaves a gray release within the ratio to the rest of the fleet', async () => {
    const s = setup([
      ['G1', 1, 0],
      ['G2', 1, 1],
      ['R1', 1, 0],
      ['R2', 1, 0],
    ]);
    expect(await s.service.checkGrayHealth()).toEqual({ paused: 0 });
    expect(s.deps.repo.transitionVersion).not.toHaveBeenCalled();
  });

  it('pauses a gray release past the ratio and tells the publisher', async () => {
    const s = setup([
      ['G1', 3, 0],
      ['G2', 1, 1],
      ['R1', 1, 0],
      ['R2', 1, 0],
    ]);
    expect(await s.service.checkGrayHealth()).toEqual({ paused: 1 });
    expect(s.deps.repo.transitionVersion.mock.calls[0][3]).toMatchObject({
      releaseStatus: 'paused',
      pauseReason: 'crashRate',
    });
    expect(s.deps.notifyUser.mock.calls[0][0].title).toMatch(/gray release paused/);
  });
});
