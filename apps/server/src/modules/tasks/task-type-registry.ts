import {
  RISKY_TASK_TYPES,
  SYS_FILE_TYPES,
  TASK_TYPE_PLATFORMS,
  type TaskFileRef,
  type TaskParams,
  type TaskType,
} from '@cpm/contracts';
import type { AuthContext } from '../../plugins/auth-context';
import { AppError } from '../../shared/app-error';
import type { TaskResource } from './task-records';

/** A stored wallpaper or boot animation, as a task names it. */
type MediaFile = { name: string; sha256: string; size: number; blobId: string };

/** What a type needs checked when a task is created: the thing it names, found in the caller's scope. */
export type TaskTypeLookups = {
  sysFile(
    auth: AuthContext,
    id: string,
  ): Promise<{
    name: string;
    version: string;
    type: string;
    fileName: string;
    sha256: string;
    size: number;
    blobId: string;
  } | null>;
  wallpaper(auth: AuthContext, id: string): Promise<MediaFile | null>;
  bootAnimation(auth: AuthContext, id: string): Promise<MediaFile | null>;
  packageKnown(auth: AuthContext, packageName: string): Promise<boolean>;
};

/** How a terminal reaches a resource's bytes. */
export type FileLinks = {
  /** A link to a blob valid for a while, without a session. */
  signed(blobId: string): string;
};

/**
 * One task type on the server: how its parameters are checked against what exists, what short
 * summary the lists show, and which file a terminal fetches for it. Adding a type (the app market's
 * install) is one entry: `registry.add({ type: 'app_install', ... })`.
 */
export type TaskTypeHandler<T extends TaskType = TaskType> = {
  type: T;
  /** Checks the parameters against the caller's data; throws an AppError for a bad one. */
  resolve(
    auth: AuthContext,
    params: TaskParams<T>,
  ): Promise<{ resource: TaskResource | null; summary: string }>;
  /** The file a terminal downloads for the task, from the resource kept with it. */
  file?(resource: TaskResource, links: FileLinks): TaskFileRef;
};

/** System files are fetched by sha256 from the terminals' download endpoint (HTTP Basic). */
const sysFileRef = (r: TaskResource): TaskFileRef => ({
  name: r.fileName ?? r.name,
  sha256: r.sha256,
  size: r.size,
  url: `/device/v1/agent/sysFile/download?sha256=${r.sha256}`,
});
/** Wallpapers and boot animations through a signed blob link. */
const mediaRef = (r: TaskResource, links: FileLinks): TaskFileRef => ({
  name: r.name,
  sha256: r.sha256,
  size: r.size,
  url: links.signed(r.blobId),
});

/** The types the server can run, keyed by type; `app_install` is added by the app market. */
export const createTaskTypeRegistry = (look: TaskTypeLookups) => {
  const handlers = new Map<TaskType, TaskTypeHandler>();
  const add = <T extends TaskType>(h: TaskTypeHandler<T>) => {
    if (handlers.has(h.type)) throw new Error(`task type ${h.type} registered twice`);
    handlers.set(h.type, h as unknown as TaskTypeHandler);
  };

  const sysFile = async (auth: AuthContext, id: string, update: boolean): Promise<TaskResource> => {
    const f = await look.sysFile(auth, id);
    if (!f || (update && f.type !== SYS_FILE_TYPES.update)) throw new AppError('taskFileUnknown');
    return {
      kind: 'sysFile',
      id,
      name: `${f.name} ${f.version}`,
      fileName: f.fileName,
      sha256: f.sha256,
      size: f.size,
      blobId: f.blobId,
    };
  };
  /** A wallpaper or boot animation the caller can see, as the task's resource and summary. */
  const media = async (kind: 'wallpaper' | 'bootAnimation', id: string, found: Promise<MediaFile | null>) => {
    const m = await found;
    if (!m) throw new AppError('taskFileUnknown');
    const resource: TaskResource = {
      kind,
      id,
      name: m.name,
      sha256: m.sha256,
      size: m.size,
      blobId: m.blobId,
    };
    return { resource, summary: m.name };
  };
  const knownPackage = async (auth: AuthContext, name: string) => {
    if (!(await look.packageKnown(auth, name))) throw new AppError('taskPackageUnknown');
  };

  add({
    type: 'app_uninstall',
    async resolve(auth, p) {
      await knownPackage(auth, p.packageName);
      return { resource: null, summary: p.packageName };
    },
  });
  add({
    type: 'file_push',
    async resolve(auth, p) {
      const resource = await sysFile(auth, p.fileId, false);
      return { resource, summary: `${resource.name} → ${p.path}` };
    },
    file: sysFileRef,
  });
  add({
    type: 'ota',
    async resolve(auth, p) {
      const resource = await sysFile(auth, p.fileId, true);
      return { resource, summary: resource.name };
    },
    file: sysFileRef,
  });
  add({
    type: 'wallpaper',
    resolve: (auth, p) => media('wallpaper', p.wallpaperId, look.wallpaper(auth, p.wallpaperId)),
    file: mediaRef,
  });
  add({
    type: 'boot_animation',
    resolve: (auth, p) =>
      media('bootAnimation', p.bootAnimationId, look.bootAnimation(auth, p.bootAnimationId)),
    file: mediaRef,
  });
  add({
    type: 'command',
    resolve: async (_auth, p) => ({ resource: null, summary: p.command.slice(0, 200) }),
  });
  add({
    type: 'permission',
    async resolve(auth, p) {
      await knownPackage(auth, p.packageName);
      return {
        resource: null,
        // No verb: the summary is stored once for every reader; the name and detail say grant or revoke.
        summary: `${p.packageName}: ${p.permissions.join(', ')}`.slice(0, 200),
      };
    },
  });
  add({ type: 'reboot', resolve: async () => ({ resource: null, summary: '' }) });
  add({
    type: 'registry',
    resolve: async (_auth, p) => ({
      resource: null,
      summary: `${p.key}\\${p.name} = ${p.value}`.slice(0, 200),
    }),
  });

  add({
    type: 'remote_command',
    // The op is the task's name and type already, rendered per reader; its code would show raw here.
    resolve: async (_auth, { op: _op, ...args }) => ({
      resource: null,
      summary: Object.values(args).map(String).join(' ').slice(0, 200),
    }),
  });

  return {
    add,
    get: (type: TaskType) => handlers.get(type) ?? null,
    /** The types this server can run, with their platforms. */
    available: () =>
      [...handlers.keys()].map((type) => ({
        type,
        platforms: [...TASK_TYPE_PLATFORMS[type]],
        risky: RISKY_TASK_TYPES.includes(type),
      })),
  };
};

export type TaskTypeRegistry = ReturnType<typeof createTaskTypeRegistry>;
