import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Renderer tests that put Electron's stand-in bridge on the window before the app's platform module chooses
 * between it and the browser's: they need a module graph of their own, so they run isolated.
 */
const desktopBridgeTests = [
  'renderer/src/platform/desktop.test.ts',
  'renderer/src/features/connection/pages/connection-page.test.tsx',
  'renderer/src/layout/export-folder-setting.test.tsx',
  'renderer/src/features/backup/pages/backup-page.test.tsx',
  'renderer/src/features/deadline/components/overdue-bell.test.tsx',
];

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
          exclude: desktopBridgeTests,
          environment: 'jsdom',
          setupFiles: ['renderer/src/testing/setup.ts'],
          testTimeout: 20_000,
          // Each file in its own module graph and jsdom. Shared (isolate: false, a third faster), a file's late
          // toast or Electron stand-in reached the files after it on a fresh clone (9 failures in CI); isolation
          // stays until every file cleans up after itself.
          isolate: true,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer-desktop',
          include: desktopBridgeTests,
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
