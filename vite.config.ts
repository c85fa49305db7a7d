import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The renderer build. `--mode web` builds only the renderer, served by `server/` for a browser
 * (`npm run serve`); the default mode also builds main, preload and the embedded server entry
 * for Electron (see electron-entries.ts).
 */
export default defineConfig(async ({ mode }) => {
  const electronPlugins = mode === 'web' ? [] : (await import('./electron-entries.ts')).electronPlugins();
  return {
    root: 'renderer',
    base: '/',
    plugins: [react(), ...electronPlugins],
    build: {
      outDir: '../renderer-dist',
      emptyOutDir: true,
      chunkSizeWarningLimit: 1500,
    },
    server: {
      port: 5173,
      proxy: { '/api': 'http://127.0.0.1:8787', '/storage': 'http://127.0.0.1:8787' },
    },
  };
});
