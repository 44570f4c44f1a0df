import { fenceEndpoints, geoEndpoints } from '@cpm/contracts';
import type { EndpointRegistry } from '../../plugins/endpoints';
import type { FencesService } from './fences.service';
import type { GeoService } from './geo.service';

/** The device map's calls. */
export const registerGeoRoutes = (api: EndpointRegistry, deps: { geo: GeoService }) => {
  const { geo } = deps;
  api.register(geoEndpoints.mapClusters, ({ auth, query }) => geo.clusters(auth, query));
  api.register(geoEndpoints.mapList, ({ auth, query }) => geo.list(auth, query));
  api.register(geoEndpoints.mapSearch, ({ auth, query }) => geo.search(auth, query.q));
  api.register(geoEndpoints.reverseGeocode, ({ query, request }) =>
    geo.reverse(query.lat, query.lng, request.headers['accept-language']?.split(',')[0] ?? 'en'),
  );
  api.register(geoEndpoints.track, ({ auth, query }) => geo.track(auth, query));
};

/** Geofence calls. */
export const registerFenceRoutes = (api: EndpointRegistry, deps: { fences: FencesService }) => {
  const { fences } = deps;
  api.register(fenceEndpoints.fencePage, ({ auth, query }) => fences.page(auth, query));
  api.register(fenceEndpoints.fenceSave, ({ auth, body, oplog, request }) =>
    fences.save(auth, oplog, body, request.headers.timezone as string | undefined),
  );
  api.register(fenceEndpoints.fenceDelete, ({ auth, body, oplog }) => fences.remove(auth, oplog, body.ids));
};
