import type { SysFileRow } from '@cpm/contracts';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../../plugins/auth-context';
import { createOperationNote } from '../../shared/operation-note';
import { authOf } from '../../test-support/records';
import type { BlobsService } from '../blobs/blobs.service';
import type { SysFilesRepository } from './sysfiles.repository';
import { createSysFilesService, type FileUsage, type FileUse, noFileUses } from './sysfiles.service';

const auth: AuthContext = authOf({
  userId: 'u1',
  sessionId: 's1',
  permissions: ['file:file:view', 'file:file:delete'],
});

const row = (id: string): SysFileRow => ({
  id,
  name: `file-${id}`,
  version: '1',
  type: '1',
  size: 10,
  description: '',
  sha256: 'a'.repeat(64),
  fileName: 'ota.zip',
  mediaType: 'application/zip',
  models: [],
  osVersions: [],
  blobId: `blob-${id}`,
  ownerId: 'u1',
  createdAt: new Date(0).toISOString(),
});

/** The records in memory; only what deletion reaches. */
const fakeRepo = (rows: SysFileRow[]) =>
  ({
    findVisible: async (_scope: unknown, id: string) => rows.find((r) => r.id === id) ?? null,
    remove: async (id: string) => {
      rows.splice(
        rows.findIndex((r) => r.id === id),
        1,
      );
    },
  }) as unknown as SysFilesRepository;

/** Remote tasks as the deletion sees them: a table of file -> active tasks. */
const tasksUsing = (uses: Record<string, FileUse[]>): FileUsage & { asked: string[] } => {
  const asked: string[] = [];
  return {
    asked,
    usedBy: async (fileId) => {
      asked.push(fileId);
      return uses[fileId] ?? [];
    },
  };
};

const setup = (usage: FileUsage) => {
  const rows = [row('f1'), row('f2')];
  const removedBlobs: string[] = [];
  const blobs = { removeBlob: async (id: string) => void removedBlobs.push(id) } as unknown as BlobsService;
  const service = createSysFilesService({ repo: fakeRepo(rows), blobs, usage });
  return { rows, removedBlobs, service };
};

describe('system file deletion', () => {
  it('is refused while an active task uses the file, naming the tasks, and changes nothing', async () => {
    const usage = tasksUsing({ f1: [{ taskId: 't9', taskName: 'Upgrade store A to 14' }] });
    const { rows, removedBlobs, service } = setup(usage);
    const err = await service.remove(auth, createOperationNote().note, 'f1').catch((e) => e);
    expect(err).toMatchObject({
      key: 'sysFileInUse',
      extra: { result: { tasks: [{ taskId: 't9', taskName: 'Upgrade store A to 14' }] } },
    });
    expect(usage.asked).toEqual(['f1']);
    expect(rows.map((r) => r.id)).toEqual(['f1', 'f2']);
    expect(removedBlobs).toEqual([]);
  });

  it('removes a file no task uses, with its blob', async () => {
    const usage = tasksUsing({ f1: [{ taskId: 't9', taskName: 'x' }] });
    const { rows, removedBlobs, service } = setup(usage);
    await service.remove(auth, createOperationNote().note, 'f2');
    expect(rows.map((r) => r.id)).toEqual(['f1']);
    expect(removedBlobs).toEqual(['blob-f2']);
  });

  it('answers not found before asking the tasks about a file outside the scope', async () => {
    const usage = tasksUsing({});
    const { service } = setup(usage);
    await expect(service.remove(auth, createOperationNote().note, 'nope')).rejects.toMatchObject({
      key: 'notFound',
    });
    expect(usage.asked).toEqual([]);
  });

  it('is wired to no tasks until remote tasks exist', async () => {
    expect(await noFileUses.usedBy('f1')).toEqual([]);
  });
});
