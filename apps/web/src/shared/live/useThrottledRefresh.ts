import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * A refresh of the queries under `queryKey` that runs at most once a second, so a burst of live
 * events reads the lists again once.
 */
export const useThrottledRefresh = (queryKey: QueryKey) => {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey });
    }, 1000);
  };
};
