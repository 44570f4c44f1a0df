import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 30_000,
    // Building an app on a fresh database takes seconds, more on a busy machine.
    hookTimeout: 180_000,
  },
});
