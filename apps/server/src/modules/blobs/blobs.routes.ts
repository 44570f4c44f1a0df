import { BLOB_KINDS, blobEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { AppError } from '../../shared/app-error';
import { receiveFile, sendBlob } from './blob-http';
import type { BlobsService } from './blobs.service';

/** Generic upload, downloads for users, terminals and signed links. */
export const registerBlobsRoutes = (api: EndpointRegistry, deps: { blobs: BlobsService }) => {
  const { blobs } = deps;
  const e = blobEndpoints;

  api.register(e.upload, async ({ auth, query, request }) => {
    const permission = (BLOB_KINDS[query.kind] as { uploadPermission?: string }).uploadPermission;
    if (!permission || !auth.permissions.has(permission)) throw new AppError('forbidden');
    const file = await receiveFile(request, query.kind);
    return blobs.storeUpload({ ...file, ownerId: auth.userId, createdBy: auth.userId });
  });
  api.register(e.download, async ({ auth, query, request, reply }) =>
    sendBlob(request, reply, await blobs.openDownload(auth, query.id)),
  );
  api.register(e.sign, ({ auth, body }) => blobs.signDownloadUrl(auth, body.id, body.ttlSeconds));
  api.register(e.signedDownload, async ({ query, request, reply }) =>
    sendBlob(request, reply, await blobs.openSignedDownload(query)),
  );
  api.register(e.deviceDownload, async ({ device, query, request, reply }) =>
    sendBlob(request, reply, await blobs.openDeviceDownload(device, query.id)),
  );
};
