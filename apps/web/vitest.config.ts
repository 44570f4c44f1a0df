import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    css: false,
    // antd components in jsdom take seconds to mount on a busy machine, and loading every catalogue
    // before a file's first test takes as long.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Plain `.test.ts` files test logic and run in Node; only components (`.test.tsx`) pay for a DOM.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          setupFiles: ['./src/test/memoryStorage.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
