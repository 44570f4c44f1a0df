import type { ClusterDot, MapPoint } from './clusterData';
import type { TileDatum } from './datum';

/** A view in degrees; west/east may pass ±180 when the map shows another copy of the world. */
export type ClusterView = { west: number; south: number; east: number; north: number };

/** Messages to the cluster worker. */
export type ClusterRequest =
  | { id: number; type: 'load'; coords: Float64Array; datum: TileDatum; radius: number }
  | { id: number; type: 'clusters'; view: ClusterView; zoom: number }
  | { id: number; type: 'expand'; clusterId: number };

/** Its answers, matched to requests by id. */
export type ClusterResponse =
  | { id: number; type: 'loaded' }
  | { id: number; type: 'clusters'; dots: ClusterDot[] }
  | { id: number; type: 'expand'; zoom: number }
  | { id: number; type: 'error'; message: string };

/** The cluster index, held by a worker and queried by the map. */
export type ClusterClient = {
  clusters: (view: ClusterView, zoom: number) => Promise<ClusterDot[]>;
  expansionZoom: (clusterId: number) => Promise<number>;
  terminate: () => void;
};

/** Longitude and latitude pairs in one transferable array (index i at 2i and 2i+1). */
export const packCoordinates = (points: readonly MapPoint[]): Float64Array => {
  const coords = new Float64Array(points.length * 2);
  for (let i = 0; i < points.length; i += 1) {
    coords[2 * i] = points[i].lng;
    coords[2 * i + 1] = points[i].lat;
  }
  return coords;
};

/** Starts a worker, hands it the points and resolves once its index is built. */
export const startClusterClient = async (
  points: readonly MapPoint[],
  datum: TileDatum,
  radius = 60,
): Promise<ClusterClient> => {
  const worker = new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module' });
  const waiting = new Map<number, { resolve: (r: ClusterResponse) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  worker.onmessage = (event: MessageEvent<ClusterResponse>) => {
    const pending = waiting.get(event.data.id);
    if (!pending) return;
    waiting.delete(event.data.id);
    if (event.data.type === 'error') pending.reject(new Error(event.data.message));
    else pending.resolve(event.data);
  };
  worker.onerror = (event) => {
    for (const pending of waiting.values())
      pending.reject(new Error(event.message || 'cluster worker failed'));
    waiting.clear();
  };
  const ask = <T extends ClusterResponse['type']>(
    request: ClusterRequest,
    transfer: Transferable[] = [],
  ): Promise<Extract<ClusterResponse, { type: T }>> =>
    new Promise((resolve, reject) => {
      waiting.set(request.id, { resolve: resolve as (r: ClusterResponse) => void, reject });
      worker.postMessage(request, transfer);
    });

  const coords = packCoordinates(points);
  try {
    await ask<'loaded'>({ id: nextId++, type: 'load', coords, datum, radius }, [coords.buffer]);
  } catch (error) {
    worker.terminate();
    throw error;
  }
  return {
    clusters: async (view, zoom) =>
      (await ask<'clusters'>({ id: nextId++, type: 'clusters', view, zoom })).dots,
    expansionZoom: async (clusterId) =>
      (await ask<'expand'>({ id: nextId++, type: 'expand', clusterId })).zoom,
    terminate: () => {
      worker.terminate();
      for (const pending of waiting.values()) pending.reject(new Error('cluster worker stopped'));
      waiting.clear();
    },
  };
};
