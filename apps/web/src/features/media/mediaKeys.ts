/** Query keys of the media lists; invalidating `all` refreshes both tabs. */
export const MEDIA_QUERY_KEYS = {
  all: ['media'] as const,
  wallpapers: ['media', 'wallpapers'] as const,
  boot: ['media', 'boot'] as const,
};
