import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createOperationNote } from '../../shared/operation-note';
import { fakeOf } from '../../test-support/fake';
import { appRecord, appVersionRecord, authOf, RECORD_TIME } from '../../test-support/records';
import { createTestClock } from '../../test-support/test-app';
import type { BlobsService } from '../blobs/blobs.service';
import { FIXTURES, fixtureSigners } from './apk-fixtures';
import type { AppEventsRepository } from './app-events.repository';
import type { AppMarketRepository } from './appmarket.repository';
import { type AppMarketDeps, createMarketCore, type MarketFleet } from './market-core';
import { createUploadsService } from './uploads.service';

type StoreOptions = Parameters<BlobsService['storeUpload']>[1];

/**
 * The upload rules on the real market core over fakes. The blob store is a fake that reads the
 * upload and hands `file` (a fixture on disk) to the service's check, as the real store does with
 * its temporary file; nothing is stored or inserted unless a test says so.
 */
const setup = (file: string) => {
  const repo = fakeOf<AppMarketRepository & AppEventsRepository>();
  const fleet = fakeOf<MarketFleet>();
  const blobs = fakeOf<BlobsService>();
  let options: StoreOptions;
  blobs.storeUpload.mockImplementation(async (source, opts) => {
    options = opts;
    for await (const _ of source.stream);
    await opts?.verify?.(file, {} as Parameters<NonNullable<NonNullable<StoreOptions>['verify']>>[1]);
    return { id: 'blob' } as Awaited<ReturnType<BlobsService['storeUpload']>>;
  });
  repo.findByPackage.mockResolvedValue(null);
  fleet.osVersionsOfModels.mockResolvedValue([]);
  const deps = {
    repo,
    fleet,
    blobs,
    clock: createTestClock(RECORD_TIME),
    installer: { install: vi.fn(async () => null) },
    accountById: vi.fn<AppMarketDeps['accountById']>(async () => null),
    actingAs: vi.fn<AppMarketDeps['actingAs']>(async () => null),
    notifyUser: vi.fn<AppMarketDeps['notifyUser']>(async () => ({ announce: vi.fn() })),
    mailer: { send: vi.fn(async () => {}) },
  } satisfies AppMarketDeps;
  const { note } = createOperationNote();
  const service = createUploadsService(createMarketCore(deps));
  const upload = (fields: Record<string, unknown> = {}) =>
    service.uploadApk(authOf(), note, {
      fields,
      fileName: 'demo.apk',
      stream: Readable.from([Buffer.alloc(16)]),
    });
  const uploadWindows = (fields: Record<string, unknown>) =>
    service.uploadWindows(authOf(), note, {
      fields,
      fileName: 'setup.exe',
      stream: Readable.from([Buffer.alloc(16)]),
    });
  return { repo, fleet, blobs, upload, uploadWindows, options: () => options };
};

const apk = (name: string) => path.join(FIXTURES, name);
const DEMO_SIGNER = () => fixtureSigners()['demo-v1.apk'];

/** The demo app as the caller publishes it, with the versions it already has. */
const published = (s: ReturnType<typeof setup>, versionCodes: number[]) => {
  const app = appRecord({ packageName: 'com.cpm.demo', signerSha256: DEMO_SIGNER() });
  s.repo.findByPackage.mockResolvedValue(app);
  s.repo.findOwned.mockResolvedValue(app);
  s.repo.versionsOf.mockResolvedValue(
    versionCodes.map((versionCode) => appVersionRecord({ appId: app.id, versionCode })),
  );
  return app;
};

describe('uploading an APK', () => {
  it('has the store refuse what is no APK by content', async () => {
    const s = setup(apk('demo-v1.apk'));
    await s.upload({ name: 'DemoPay' }).catch(() => undefined);
    expect(s.options()).toMatchObject({ typeError: 'apkNotApk' });
  });

  it('refuses an unsigned APK', async () => {
    const s = setup(apk('demo-v3-unsigned.apk'));
    await expect(s.upload()).rejects.toMatchObject({ key: 'apkUnsigned' });
  });

  it('refuses a package another enterprise publishes', async () => {
    const s = setup(apk('demo-v1.apk'));
    s.repo.findByPackage.mockResolvedValue(appRecord({ packageName: 'com.cpm.demo' }));
    s.repo.findOwned.mockResolvedValue(null);
    await expect(s.upload()).rejects.toMatchObject({ key: 'apkPackageTaken' });
    expect(s.repo.insertVersion).not.toHaveBeenCalled();
  });

  it('refuses a version code the app already has', async () => {
    const s = setup(apk('demo-v1.apk'));
    published(s, [1]);
    await expect(s.upload()).rejects.toMatchObject({
      key: 'apkDuplicateVersion',
      extra: { result: { versionCode: 1 } },
    });
  });

  it('refuses a version code below the latest', async () => {
    const s = setup(apk('demo-v2.apk'));
    published(s, [3, 1]);
    await expect(s.upload()).rejects.toMatchObject({
      key: 'apkVersionNotHigher',
      extra: { result: { versionCode: 2, latest: 3 } },
    });
  });

  it('refuses a new version signed with a different certificate', async () => {
    const s = setup(apk('demo-v3-other-key.apk'));
    published(s, [1]);
    await expect(s.upload()).rejects.toMatchObject({
      key: 'apkSignerChanged',
      extra: { result: { expected: DEMO_SIGNER() } },
    });
  });

  it('asks for an English name when the label is not one', async () => {
    const s = setup(apk('tool-v1.apk'));
    await expect(s.upload()).rejects.toMatchObject({ key: 'appNameRequired' });
    expect(s.repo.insertApp).not.toHaveBeenCalled();
  });

  it('refuses a min SDK above the OS of every terminal of the target models', async () => {
    const s = setup(apk('demo-v3-min-sdk-33.apk'));
    s.fleet.osVersionsOfModels.mockResolvedValue(['10', '11']);
    await expect(s.upload({ name: 'DemoPay', models: 'P2' })).rejects.toMatchObject({
      key: 'apkMinSdkTooHigh',
      extra: { result: { minSdk: 33, highest: 30 } },
    });
    expect(s.fleet.osVersionsOfModels).toHaveBeenCalledWith(['P2']);
  });
});

describe('uploading a Windows installer', () => {
  it('refuses a file that is no EXE, MSI or ZIP', async () => {
    const text = path.join(tmpdir(), `cpm-not-a-program-${process.pid}.exe`);
    writeFileSync(text, 'just some text pretending to be a program');
    const s = setup(text);
    await expect(
      s.uploadWindows({ name: 'PosAgent', packageName: 'com.cpm.posagent', versionName: '2.0.2' }),
    ).rejects.toMatchObject({
      key: 'windowsInstallerInvalid',
    });
    expect(s.options()).toMatchObject({ typeError: 'windowsInstallerInvalid' });
    expect(s.repo.insertApp).not.toHaveBeenCalled();
  });
});
