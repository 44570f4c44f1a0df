type Leaflet = typeof import('leaflet');

let pending: Promise<Leaflet> | undefined;

/** Leaflet and its style sheet, fetched the first time a map is shown. */
export const loadLeaflet = (): Promise<Leaflet> => {
  pending ??= import('./leafletRuntime')
    .then((m) => m.L)
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
};
