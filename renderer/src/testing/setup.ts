import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { provideExportFetcher } from '../platform/web-files';

// What main.tsx's bootPlatform() does, with the HTTP client loaded on first use: loading it here would
// choose the bridge (platform/desktop.ts) before a test can install its stand-in for Electron's.
provideExportFetcher(async (path, options) => (await import('../api/export-blob')).fetchExportBlob(path, options));

// antd reads matchMedia for responsive behaviour; jsdom has none.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd's virtual lists and tables measure elements; jsdom lays nothing out.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStandIn {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStandIn;
}

// Chromium has DecompressionStream (office-zip.ts measures Word and Excel files with it); jsdom's window
// has none, so Node's stands in (loaded at run time: the renderer's TypeScript has no Node types).
if (!('DecompressionStream' in globalThis)) {
  const web = (await import(/* @vite-ignore */ `node:${'stream/web'}`)) as {
    DecompressionStream: typeof DecompressionStream;
  };
  Object.assign(globalThis, { DecompressionStream: web.DecompressionStream });
}

afterEach(() => cleanup());

// The files of a worker share their modules (vitest.config.ts, isolate: false), Testing Library's settings
// among them: a file's configure() (a longer wait, or defaultHidden, which lets *ByRole find hidden elements)
// must not reach the next file. This setup runs before each file: it puts back the settings of the first.
const globals = globalThis as { testingLibraryDefaults?: ReturnType<typeof getConfig> };
globals.testingLibraryDefaults ??= { ...getConfig() };
configure({ ...globals.testingLibraryDefaults });
