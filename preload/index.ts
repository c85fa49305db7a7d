import { contextBridge, ipcRenderer } from 'electron';
import { desktopChannels, type DesktopApi } from '../contract/desktop-api';

type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;

/**
 * Electron wraps a handler's error as "Error invoking remote method '<channel>': Error: <message>"; the
 * renderer shows the message to a clerk, so keep only the Chinese part.
 */
export function unwrapIpcError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const match = /^Error invoking remote method '[^']*': (?:\w*Error: )?([\s\S]*)$/.exec(message);
  return new Error(match?.[1] ?? message);
}

/** The bridge: one named function per channel, never `ipcRenderer` itself. */
export function createDesktopApi(invoke: Invoke): DesktopApi {
  const call =
    <R>(channel: string) =>
    async (...args: unknown[]): Promise<R> => {
      try {
        return (await invoke(channel, ...args)) as R;
      } catch (error) {
        throw unwrapIpcError(error);
      }
    };
  return {
    kind: 'electron',
    token: {
      get: () => call<string | null>(desktopChannels.tokenGet)(),
      set: (token) => call<Awaited<ReturnType<DesktopApi['token']['set']>>>(desktopChannels.tokenSet)(token),
      clear: () => call<void>(desktopChannels.tokenClear)(),
    },
    settings: {
      get: () => call<Awaited<ReturnType<DesktopApi['settings']['get']>>>(desktopChannels.settingsGet)(),
      set: (patch) => call<Awaited<ReturnType<DesktopApi['settings']['set']>>>(desktopChannels.settingsSet)(patch),
    },
    connection: {
      get: () => call<Awaited<ReturnType<DesktopApi['connection']['get']>>>(desktopChannels.connectionGet)(),
      set: (settings) =>
        call<Awaited<ReturnType<DesktopApi['connection']['set']>>>(desktopChannels.connectionSet)(settings),
      test: (url) => call<Awaited<ReturnType<DesktopApi['connection']['test']>>>(desktopChannels.connectionTest)(url),
    },
    app: {
      version: () => call<string>(desktopChannels.appVersion)(),
    },
  };
}

contextBridge.exposeInMainWorld(
  'desktop',
  createDesktopApi((channel, ...args) => ipcRenderer.invoke(channel, ...args)),
);
