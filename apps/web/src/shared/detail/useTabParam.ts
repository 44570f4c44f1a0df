import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Query parameter that names the open tab, so a tab can be linked, reloaded and reopened from a worktab. */
export const TAB_PARAM = 'tab';

/** The tab named in the address when it is one of `keys`, else the first key. */
export const pickTab = (requested: string | null, keys: readonly string[]) =>
  requested && keys.includes(requested) ? requested : (keys[0] ?? '');

/** The open tab, read from and written to `?tab=` (replacing the history entry, so Back leaves the page). */
export const useTabParam = (keys: readonly string[]) => {
  const [params, setParams] = useSearchParams();
  const active = pickTab(params.get(TAB_PARAM), keys);
  const setActive = useCallback(
    (key: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (key === keys[0]) next.delete(TAB_PARAM);
          else next.set(TAB_PARAM, key);
          return next;
        },
        { replace: true },
      ),
    [setParams, keys],
  );
  return [active, setActive] as const;
};
