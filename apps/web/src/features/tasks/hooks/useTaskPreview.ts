import type { TaskPlatform, TaskType } from '@cpm/contracts';
import { remoteTaskRoutes } from '@cpm/contracts/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../../api/http';
import { hasTargets, type TaskFormValues, targetsOf } from '../lib/taskForm';
import { taskKeys } from '../taskKeys';

/** The value once it has stopped changing for `ms`. */
const useSettled = <T>(value: T, ms: number): T => {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the value's content
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
};

/**
 * How many terminals the chosen targets reach now (and how many are online), which listed SNs it
 * cannot reach, and whether a second person must approve; asked again shortly after the targets change.
 */
export const useTaskPreview = (
  platform: TaskPlatform,
  type: TaskType | undefined,
  targets: TaskFormValues['targets'] | undefined,
) => {
  const input = useSettled({ platform, type, targets }, 400);
  const ready = Boolean(input.targets && hasTargets(input.targets));
  return useQuery({
    queryKey: [...taskKeys.all, 'preview', input],
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: () =>
      call(remoteTaskRoutes.preview, {
        body: {
          platform: input.platform,
          ...(input.type ? { type: input.type } : {}),
          targets: targetsOf(input.targets as TaskFormValues['targets']),
        },
        loading: false,
        silent: true,
      }),
  });
};
