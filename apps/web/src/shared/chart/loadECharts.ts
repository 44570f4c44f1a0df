type Runtime = typeof import('./echartsRuntime')['echarts'];

let pending: Promise<Runtime> | undefined;

/** ECharts with the console's chart types, fetched on first use and shared afterwards. */
export const loadECharts = (): Promise<Runtime> => {
  pending ??= import('./echartsRuntime')
    .then((m) => m.echarts)
    .catch((error: unknown) => {
      // A failed chunk download may succeed on the next attempt.
      pending = undefined;
      throw error;
    });
  return pending;
};
