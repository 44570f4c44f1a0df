import { BLOB_KINDS, sysFileEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { receiveUpload, sendBlob } from '../blobs/blob-http';
import type { SysFilesService } from './sysfiles.service';

/** System files for console users, and their download by terminals. */
export const registerSysFilesRoutes = (api: EndpointRegistry, deps: { files: SysFilesService }) => {
  const { files } = deps;
  const e = sysFileEndpoints;
  api.register(e.page, ({ auth, query }) => files.page(auth, query));
  api.register(e.detail, ({ auth, query }) => files.detail(auth, query.id));
  api.register(e.upload, async ({ auth, oplog, request }) => {
    const upload = await receiveUpload(request, BLOB_KINDS.systemFile.maxBytes);
    return files.upload(auth, oplog, upload);
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
