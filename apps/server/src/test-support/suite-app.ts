import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * The test app of the enclosing `describe` block: started in a `beforeAll` registered here (so the
 * block's own hooks, registered after, can use it) and closed after its tests. The object answered
 * is filled in when the app has started.
 */
export const useTestApp = (opts: Parameters<typeof createTestApp>[0] = {}): TestApp => {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(opts));
  });
  afterAll(() => t.close?.());
  return t;
};
