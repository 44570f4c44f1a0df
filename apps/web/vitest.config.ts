import { readdirSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Test files that replace a module with `vi.mock`. They run with a module registry of their own: a
 * mock cannot reach modules that another file in the same worker has already loaded.
 */
const mocking = readdirSync(`${import.meta.dirname}/src`, { recursive: true, encoding: 'utf8' })
  .map((file) => `src/${file}`)
  .filter(
    (file) =>
      /\.test\.tsx?$/.test(file) &&
      /\bvi\.(do)?[mM]ock\(/.test(readFileSync(`${import.meta.dirname}/${file}`, 'utf8')),
  );
const ofKind = (ext: string) => mocking.filter((file) => file.endsWith(ext));

export default defineConfig({
  plugins: [react()],
  test: {
    css: false,
    // antd components in jsdom take seconds to mount on a busy machine, and loading every catalogue
    // before a file's first test takes as long.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Files share a worker's loaded modules and DOM instead of importing antd and building a DOM again
    // for each file, which was most of the run. The setup files clean the DOM and storage after each
    // test, and the files that mock a module keep their own registry (above).
    isolate: false,
    // Plain `.test.ts` files test logic and run in Node; only components (`.test.tsx`) pay for a DOM.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          exclude: ofKind('.ts'),
          setupFiles: ['./src/test/memoryStorage.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          exclude: ofKind('.tsx'),
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node, own modules',
          environment: 'node',
          include: ofKind('.ts'),
          isolate: true,
          setupFiles: ['./src/test/memoryStorage.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom, own modules',
          environment: 'jsdom',
          include: ofKind('.tsx'),
          isolate: true,
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
