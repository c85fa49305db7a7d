import { contextBridge, ipcRenderer } from 'electron';
import {
  desktopChannels,
  desktopEvents,
  type DesktopApi,
  type DownloadProgress,
  type DownloadProgressListener,
} from '../contract/desktop-api';

type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;
/** Listens to one main-to-page channel with the payload only; answers the function that stops listening. */
type Subscribe = (channel: string, listener: (payload: unknown) => void) => () => void;

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
export function createDesktopApi(invoke: Invoke, subscribe: Subscribe): DesktopApi {
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
    files: {
      openFile: (options) =>
        call<Awaited<ReturnType<DesktopApi['files']['openFile']>>>(desktopChannels.filesOpen)(options),
      downloadExport: (request) =>
        call<Awaited<ReturnType<DesktopApi['files']['downloadExport']>>>(desktopChannels.filesDownloadExport)(request),
      cancelDownload: (downloadId) => call<void>(desktopChannels.filesCancelDownload)(downloadId),
      chooseDownloadFolder: () => call<string | null>(desktopChannels.filesChooseDownloadFolder)(),
      onDownloadProgress: (listener: DownloadProgressListener) =>
        subscribe(desktopEvents.downloadProgress, (payload) => listener(payload as DownloadProgress)),
    },
  };
}

/**
 * The page's listener gets the payload only: Electron's event object carries `sender` (ipcRenderer itself),
 * which must never reach the page.
 */
export function subscribeIpc(
  renderer: Pick<typeof ipcRenderer, 'on' | 'removeListener'>,
  channel: string,
  listener: (payload: unknown) => void,
): () => void {
  const forward = (_event: unknown, payload: unknown) => listener(payload);
  renderer.on(channel, forward);
  return () => {
    renderer.removeListener(channel, forward);
  };
}

contextBridge.exposeInMainWorld(
  'desktop',
  createDesktopApi(
    (channel, ...args) => ipcRenderer.invoke(channel, ...args),
    (channel, listener) => subscribeIpc(ipcRenderer, channel, listener),
  ),
);
