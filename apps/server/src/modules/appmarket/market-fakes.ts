import { vi } from 'vitest';
import { fakeOf } from '../../test-support/fake';
import { appRecord, appVersionRecord, RECORD_TIME } from '../../test-support/records';
import { createTestClock } from '../../test-support/test-app';
import type { BlobsService } from '../blobs/blobs.service';
import type { AppEventsRepository } from './app-events.repository';
import type { AppMarketRepository } from './appmarket.repository';
import { type AppMarketDeps, createMarketCore, type MarketFleet, type MarketTerminal } from './market-core';

/** The app market's core over fakes, for the services' tests: nothing installs, notices are spies. */
export const fakeMarket = () => {
  const announce = vi.fn();
  const deps = {
    repo: fakeOf<AppMarketRepository & AppEventsRepository>(),
    fleet: fakeOf<MarketFleet>(),
    blobs: fakeOf<BlobsService>(),
    clock: createTestClock(RECORD_TIME),
    installer: {
      install: vi.fn<AppMarketDeps['installer']['install']>(async () => ({ taskId: 'task' })),
      taskOf: vi.fn<NonNullable<AppMarketDeps['installer']['taskOf']>>(async () => null),
    },
    accountById: vi.fn<AppMarketDeps['accountById']>(async () => null),
    actingAs: vi.fn<AppMarketDeps['actingAs']>(async () => null),
    notifyUser: vi.fn<AppMarketDeps['notifyUser']>(async () => ({ announce })),
    mailer: { send: vi.fn(async () => {}) },
  } satisfies AppMarketDeps;
  return { deps, core: createMarketCore(deps) };
};

/**
 * The market over fakes holding an app and its version 3 as `over` sets it; moving the version to
 * another status answers it with the new values.
 */
export const fakeMarketVersion = (over: Parameters<typeof appVersionRecord>[0]) => {
  const { deps, core } = fakeMarket();
  const app = appRecord();
  const version = appVersionRecord({ appId: app.id, versionCode: 3, ...over });
  deps.repo.transitionVersion.mockImplementation(
    async (_id, _field, _from, values) => ({ ...version, ...values }) as never,
  );
  return { deps, core, app, version };
};

/** A terminal as the market sees it: online, Android 11, model P2, running `versionCode` of the app. */
export const marketTerminal = (sn: string, versionCode = 1): MarketTerminal => ({
  sn,
  ownerId: 'o',
  online: true,
  osVersion: '11',
  modelName: 'P2',
  versionCode,
});
