import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts'],
          environment: 'node',
          // One database per run; files share it, so they run one after another.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          include: ['renderer/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['renderer/src/testing/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'main',
          include: ['main/**/*.test.ts', 'preload/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
