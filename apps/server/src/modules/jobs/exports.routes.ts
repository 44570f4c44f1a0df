import { exportsEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import { localeOf } from '../../shared/request-locale';
import type { ExportsService } from './exports.service';

/** Starting a large export, and its file through the link in the notice. */
export const registerExportsRoutes = (api: EndpointRegistry, deps: { exports: ExportsService }) => {
  api.register(exportsEndpoints.start, ({ auth, body, request }) =>
    deps.exports.start(auth, body, localeOf(request.headers)),
  );
  api.register(exportsEndpoints.download, async ({ query, reply }) =>
    reply.redirect(await deps.exports.downloadLink(query), 302),
  );
};
