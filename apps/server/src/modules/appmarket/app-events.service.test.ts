import { describe, expect, it } from 'vitest';
import { appRecord, appVersionRecord } from '../../test-support/records';
import { createAppEventsService } from './app-events.service';
import { fakeMarket } from './market-fakes';

const setup = () => {
  const { deps, core } = fakeMarket();
  return { deps, service: createAppEventsService(core) };
};

describe('what terminals report of apps', () => {
  it('counts a crash and an ANR apart, per terminal and hour', async () => {
    const s = setup();
    const at = new Date('2026-06-01T08:42:00Z');
    await s.service.recordCrash('SN1', { type: 'appAnr', packageName: 'com.cpm.demo', versionCode: 3, at });
    expect(s.deps.repo.addCrash).toHaveBeenCalledWith({
      packageName: 'com.cpm.demo',
      versionCode: 3,
      sn: 'SN1',
      hour: new Date('2026-06-01T08:00:00Z'),
      crashes: 0,
      anrs: 1,
    });
  });

  it('records an install on a terminal that had the app as an upgrade of the version', async () => {
    const s = setup();
    const app = appRecord();
    const v3 = appVersionRecord({ appId: app.id, versionCode: 3, versionName: '1.2.0' });
    s.deps.repo.findByPackage.mockResolvedValue(app);
    s.deps.repo.versionsOf.mockResolvedValue([v3]);
    s.deps.repo.hasTerminalRecord.mockResolvedValue(true);
    const at = new Date('2026-06-01T09:00:00Z');
    await s.service.recordTerminalApp('SN1', {
      installed: true,
      packageName: app.packageName,
      versionCode: 3,
      at,
    });
    expect(s.deps.repo.addEvent.mock.calls[0][0]).toMatchObject({
      kind: 'upgrade',
      versionId: v3.id,
      versionName: '1.2.0',
      sn: 'SN1',
      ownerId: app.ownerId,
      at,
    });
  });
});
