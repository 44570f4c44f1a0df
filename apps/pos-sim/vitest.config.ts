import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Drawing a screen with pureimage is CPU work that takes seconds when the machine is busy.
    testTimeout: 30_000,
  },
});
