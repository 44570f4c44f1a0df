import { describe, expect, it } from 'vitest';
import { taskIdsOf } from './useTaskLiveEvents';

describe('taskIdsOf', () => {
  it('reads the tasks an event names, or none when it says more changed', () => {
    expect(taskIdsOf({ taskIds: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(taskIdsOf({ taskId: 'a' })).toEqual(['a']);
    expect(taskIdsOf({ taskIds: ['a'], more: true })).toBeNull();
    expect(taskIdsOf({ taskIds: [1] })).toBeNull();
    expect(taskIdsOf('x')).toBeNull();
    expect(taskIdsOf(null)).toBeNull();
  });
});
