import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.ts', 'scripts/**/*.test.ts'];

/** A test file that opens a database or a broker, by what it imports or reads. */
const STORAGE =
  /test-support\/(test-app|database-template|mqtt-terminal|fleet-fixtures|accounts)|db\/client|TEST_MQTT_URL|TEST_DATABASE_URL/;

/** A test file that says so in a line of its own runs in the first pass only. */
const ONE_PASS = /^\/\/ Runs in the first server pass only:/m;

/**
 * `SERVER_TESTS=storage` keeps the files that touch a database or broker, for the second pass on the
 * other database, broker and Node version; the fuzz campaign and the files marked ONE_PASS (their
 * database or broker is the embedded one whatever the pass) run in one pass only.
 */
const storageOnly = () =>
  ['src', 'scripts']
    .flatMap((dir) =>
      readdirSync(`${import.meta.dirname}/${dir}`, { recursive: true, encoding: 'utf8' }).map(
        (file) => `${dir}/${file}`,
      ),
    )
    .filter(
      (file) =>
        file.endsWith('.test.ts') &&
        !file.endsWith('fuzz.test.ts') &&
        ((text) => STORAGE.test(text) && !ONE_PASS.test(text))(
          readFileSync(`${import.meta.dirname}/${file}`, 'utf8'),
        ),
    );

export default defineConfig({
  test: {
    include: process.env.SERVER_TESTS === 'storage' ? storageOnly() : include,
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
