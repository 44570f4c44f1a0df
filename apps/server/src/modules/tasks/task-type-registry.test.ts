import { SYS_FILE_TYPES } from '@cpm/contracts';
import { describe, expect, it, vi } from 'vitest';
import { authOf } from '../../test-support/records';
import { createTaskTypeRegistry, type TaskTypeLookups } from './task-type-registry';

type SysFile = NonNullable<Awaited<ReturnType<TaskTypeLookups['sysFile']>>>;

const sysFile = (type: string): SysFile => ({
  name: 'Prices',
  version: '1.0',
  type,
  fileName: 'prices.zip',
  sha256: 'f'.repeat(64),
  size: 500,
  blobId: 'blob',
});

/** A registry whose lookups find nothing unless a test says otherwise. */
const setup = () => {
  const look = {
    sysFile: vi.fn<TaskTypeLookups['sysFile']>(async () => null),
    wallpaper: vi.fn<TaskTypeLookups['wallpaper']>(async () => null),
    bootAnimation: vi.fn<TaskTypeLookups['bootAnimation']>(async () => null),
    packageKnown: vi.fn<TaskTypeLookups['packageKnown']>(async () => false),
  };
  return { look, registry: createTaskTypeRegistry(look) };
};

const resolve = (registry: ReturnType<typeof createTaskTypeRegistry>, type: string, params: object) =>
  registry.get(type as never)?.resolve(authOf(), params as never);

describe('task types', () => {
  it('lists each type with its platforms, marking the risky ones', () => {
    const types = setup().registry.available();
    expect(types.find((x) => x.type === 'registry')?.platforms).toEqual(['windows']);
    expect(types.find((x) => x.type === 'command')?.risky).toBe(true);
    expect(types.find((x) => x.type === 'file_push')?.risky).toBe(false);
  });

  it('refuses a file push naming a file the caller cannot see', async () => {
    const { registry } = setup();
    await expect(resolve(registry, 'file_push', { fileId: 'x', path: '/sdcard' })).rejects.toMatchObject({
      key: 'taskFileUnknown',
    });
  });

  it('refuses an OTA naming a file that is no update', async () => {
    const { look, registry } = setup();
    look.sysFile.mockResolvedValue(sysFile('2'));
    expect(SYS_FILE_TYPES.update).not.toBe('2');
    await expect(resolve(registry, 'ota', { fileId: 'x' })).rejects.toMatchObject({ key: 'taskFileUnknown' });
  });

  it('refuses an uninstall of a package no terminal of the caller has', async () => {
    const { registry } = setup();
    await expect(resolve(registry, 'app_uninstall', { packageName: 'com.nobody.has' })).rejects.toMatchObject(
      {
        key: 'taskPackageUnknown',
      },
    );
  });

  it('has a file push fetched by sha256 from the terminals’ download endpoint', async () => {
    const { look, registry } = setup();
    look.sysFile.mockResolvedValue(sysFile('2'));
    const handler = registry.get('file_push');
    const resolved = await handler?.resolve(authOf(), { fileId: 'x', path: '/sdcard' });
    const file = handler?.file?.(resolved?.resource as never, { signed: () => '' });
    expect(file?.url).toBe(`/device/v1/agent/sysFile/download?sha256=${'f'.repeat(64)}`);
  });
});
