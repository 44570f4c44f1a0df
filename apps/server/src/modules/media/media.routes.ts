import { mediaEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { receiveFile } from '../blobs/blob-http';
import type { MediaService } from './media.service';

/** Wallpapers, videos and boot animations (`/sysManage/wallpaper`). */
export const registerMediaRoutes = (api: EndpointRegistry, deps: { media: MediaService }) => {
  const { media } = deps;
  const e = mediaEndpoints;

  api.register(e.wallpaperPage, ({ auth, query }) => media.wallpaperPage(auth, query));
  api.register(e.wallpaperUpload, async ({ auth, query, request }) =>
    media.uploadWallpaper(auth, await receiveFile(request, 'wallpaper'), query.description),
  );
  api.register(e.wallpaperDelete, ({ auth, query }) => media.removeWallpaper(auth, query.id));
  api.register(e.bootPage, ({ auth, query }) => media.bootPage(auth, query));
  api.register(e.bootUploadFrame, async ({ auth, query, request }) =>
    media.uploadFrame(auth, await receiveFile(request, 'bootFrame'), query),
  );
  api.register(e.bootBuild, ({ auth, body }) => media.build(auth, body));
  api.register(e.bootUploadZip, async ({ auth, query, request }) =>
    media.uploadZip(auth, await receiveFile(request, 'bootAnimation'), query),
  );
  api.register(e.bootFrame, async ({ auth, query, reply }) => {
    const frame = await media.frame(auth, query.id, query.index);
    return reply
      .header('content-type', frame.mediaType)
      .header('content-length', String(frame.size))
      .header('cache-control', 'private, max-age=3600')
      .header('etag', `"${frame.sha256}-${query.index}"`)
      .send(frame.stream);
  });
  api.register(e.bootDelete, ({ auth, query }) => media.removeBoot(auth, query.id));
};
