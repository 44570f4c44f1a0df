import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Migrates and seeds one database per run; each test file opens a copy of it.
    globalSetup: ['src/test-support/global-setup.ts'],
    // Test files share a worker's loaded modules instead of importing the whole server again for
    // each file: the server keeps no state at module level (every app is built by buildApp), so
    // sharing them is safe, and it takes a third off the run.
    isolate: false,
    // Much of a test waits on sockets, brokers and child processes rather than the CPU, so even a
    // two-core machine runs two files at once (Vitest's default would be one there).
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    // Building an app takes a second or two, more on a busy machine.
    hookTimeout: 180_000,
  },
});
