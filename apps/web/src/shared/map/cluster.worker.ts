import type { ClusterRequest, ClusterResponse } from './clusterClient';
import { buildClusterIndex, type ClusterIndex, clustersInView, type MapPoint } from './clusterData';
import { datumFor } from './datum';

// Building the index over 100,000 points takes seconds on a slow machine; here it never blocks the page.
let index: ClusterIndex | null = null;

const answer = (response: ClusterResponse) => postMessage(response);

self.onmessage = (event: MessageEvent<ClusterRequest>) => {
  const request = event.data;
  try {
    switch (request.type) {
      case 'load': {
        const { coords } = request;
        const points: MapPoint[] = new Array(coords.length / 2);
        for (let i = 0; i < points.length; i += 1) {
          points[i] = { id: '', lng: coords[2 * i], lat: coords[2 * i + 1] };
        }
        index = buildClusterIndex(points, datumFor(request.datum), request.radius);
        answer({ id: request.id, type: 'loaded' });
        break;
      }
      case 'clusters':
        answer({
          id: request.id,
          type: 'clusters',
          dots: index ? clustersInView(index, request.view, request.zoom) : [],
        });
        break;
      case 'expand':
        answer({
          id: request.id,
          type: 'expand',
          zoom: index ? index.getClusterExpansionZoom(request.clusterId) : 0,
        });
        break;
    }
  } catch (error) {
    answer({
      id: request.id,
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
