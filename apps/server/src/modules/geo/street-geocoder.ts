/**
 * Street addresses from a Nominatim-compatible service (`GEOCODER_URL`, e.g. a self-hosted
 * Nominatim or https://nominatim.openstreetmap.org within its usage policy). Off by default; a
 * failure or timeout answers null, so nothing depends on the network.
 */
export const createStreetGeocoder = (cfg: {
  url: string | null;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}) => {
  const doFetch = cfg.fetchImpl ?? fetch;
  return {
    enabled: cfg.url !== null,
    /** The address at a position in the given language, or null when off, unknown or unreachable. */
    async reverse(lat: number, lng: number, language: string): Promise<string | null> {
      if (!cfg.url) return null;
      const url = `${cfg.url}/reverse?format=jsonv2&lat=${lat}&lon=${lng}&accept-language=${encodeURIComponent(language)}`;
      try {
        const res = await doFetch(url, {
          signal: AbortSignal.timeout(cfg.timeoutMs),
          headers: { 'user-agent': 'cloud-pos-management' },
        });
        if (!res.ok) return null;
        const body = (await res.json()) as { display_name?: unknown };
        return typeof body.display_name === 'string' ? body.display_name : null;
      } catch {
        return null;
      }
    },
  };
};
export type StreetGeocoder = ReturnType<typeof createStreetGeocoder>;
