// The two exports of React's scheduler the test setup uses to wait until React has no work left.
declare module 'scheduler' {
  export const unstable_IdlePriority: number;
  export function unstable_scheduleCallback(priority: number, callback: () => void): unknown;
}
