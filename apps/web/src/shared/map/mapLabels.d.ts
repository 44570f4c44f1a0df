/** Place names for the offline map, made at build time (apps/web/mapLabels.ts). */
declare module 'virtual:cpm-map-labels' {
  const data: import('./placeLabels').PlaceLabelData;
  export default data;
}
