import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The end-to-end files start the real server (one migrated database for the run) and the agent as a process.
    globalSetup: ['../server/src/test-support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
