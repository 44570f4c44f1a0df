import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Migrates and seeds one database per run; each test file opens a copy of it.
    globalSetup: ['src/test-support/global-setup.ts'],
    testTimeout: 30_000,
    // Building an app takes a second or two, more on a busy machine.
    hookTimeout: 180_000,
  },
});
