import { BLOB_KINDS, sysFileEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { AppError } from '../../shared/app-error';
import { sendBlob } from '../blobs/blob-http';
import type { SysFilesService } from './sysfiles.service';

/** System files for console users, and their download by terminals. */
export const registerSysFilesRoutes = (api: EndpointRegistry, deps: { files: SysFilesService }) => {
  const { files } = deps;
  const e = sysFileEndpoints;
  api.register(e.page, ({ auth, query }) => files.page(auth, query));
  api.register(e.detail, ({ auth, query }) => files.detail(auth, query.id));
  api.register(e.upload, async ({ auth, oplog, request }) => {
    if (!request.isMultipart()) throw new AppError('uploadMissing');
    let part: Awaited<ReturnType<typeof request.file>>;
    try {
      part = await request.file({
        limits: { fileSize: BLOB_KINDS.systemFile.maxBytes + 1 },
        throwFileSizeLimit: false,
      });
    } catch {
      throw new AppError('uploadIncomplete');
    }
    if (part?.fieldname !== 'file') throw new AppError('uploadMissing');
    const fields: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(part.fields))
      if (value && !Array.isArray(value) && value.type === 'field') fields[key] = value.value;
    return files.upload(auth, oplog, { fields, fileName: part.filename, stream: part.file });
  });
  api.register(e.download, async ({ auth, query, request, reply }) =>
    sendBlob(request, reply, await files.openDownload(auth, query.id)),
  );
  api.register(e.remove, async ({ auth, oplog, query }) => {
    await files.remove(auth, oplog, query.id);
    return null;
  });
  api.register(e.usage, ({ auth }) => files.usage(auth));
  api.register(e.quotaPage, ({ auth, query }) => files.quotaPage(auth, query));
  api.register(e.setQuota, ({ auth, oplog, body }) =>
    files.setQuota(auth, oplog, body.ownerId, body.quotaBytes),
  );
  api.register(e.deviceDownload, async ({ device, query, request, reply }) =>
    sendBlob(request, reply, await files.openDeviceDownload(device, query.sha256)),
  );
};
