import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InlineConfig, Plugin } from 'vite';
import electron from 'vite-plugin-electron';

/**
 * The Electron half of the build (vite-plugin-electron 1.1): the main process, the preload and the embedded
 * server's utility-process entry, all into dist-electron/. The renderer build's root is `renderer/`, so every
 * path here is absolute.
 */
const projectDir = fileURLToPath(new URL('.', import.meta.url));
const fromProject = (path: string) => resolve(projectDir, path);
const outDir = fromProject('dist-electron');

/** libsql is a native N-API module: it stays a runtime dependency, loaded from node_modules. */
const nodeExternals = ['libsql', /^@libsql\//, 'pg-native'];

const nodeBuild = (entry: string, fileName: string, format: 'es' | 'cjs'): InlineConfig => ({
  configFile: false,
  publicDir: false,
  build: {
    outDir,
    emptyOutDir: false,
    sourcemap: true,
    minify: false,
    target: 'node22',
    lib: { entry: fromProject(entry), formats: [format], fileName: () => fileName },
    rolldownOptions: { external: nodeExternals },
  },
});

export function electronPlugins(): Plugin[] {
  return electron([
    { vite: nodeBuild('main/index.ts', 'main.js', 'es') },
    // CommonJS: a sandboxed preload cannot load ES modules.
    { vite: nodeBuild('preload/index.ts', 'preload.cjs', 'cjs') },
    { vite: nodeBuild('main/server-process.ts', 'server-process.js', 'es') },
  ]);
}
