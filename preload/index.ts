import { contextBridge, ipcRenderer } from 'electron';
import {
  desktopChannels,
  desktopEvents,
  type DesktopAnswer,
  type DesktopApi,
  type DesktopArgs,
  type DesktopChannel,
  type DesktopEventPayloads,
  type DownloadProgressListener,
  type OpenPathListener,
  type ShellNoticeListener,
} from '../contract/desktop-api';

/**
 * Sends one channel's arguments and answers what `DesktopApi` promises for it. Electron's own
 * `ipcRenderer.invoke` answers `Promise<any>`, which this type narrows once, at the bridge.
 */
type Invoke = <C extends DesktopChannel>(channel: C, ...args: DesktopArgs<C>) => Promise<DesktopAnswer<C>>;
/** Listens to one main-to-page event with the payload only; answers the function that stops listening. */
type Subscribe = <E extends keyof DesktopEventPayloads>(
  channel: E,
  listener: (payload: DesktopEventPayloads[E]) => void,
) => () => void;

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
  const call = async <C extends DesktopChannel>(channel: C, ...args: DesktopArgs<C>): Promise<DesktopAnswer<C>> => {
    try {
      return await invoke(channel, ...args);
    } catch (error) {
      throw unwrapIpcError(error);
    }
  };
  return {
    kind: 'electron',
    token: {
      get: () => call(desktopChannels.tokenGet),
      set: (token) => call(desktopChannels.tokenSet, token),
      clear: () => call(desktopChannels.tokenClear),
    },
    settings: {
      get: () => call(desktopChannels.settingsGet),
      set: (patch) => call(desktopChannels.settingsSet, patch),
    },
    connection: {
      get: () => call(desktopChannels.connectionGet),
      set: (settings) => call(desktopChannels.connectionSet, settings),
      test: (url) => call(desktopChannels.connectionTest, url),
    },
    app: {
      version: () => call(desktopChannels.appVersion),
      notice: () => call(desktopChannels.appNotice),
      onNotice: (listener: ShellNoticeListener) => subscribe(desktopEvents.noticeChanged, listener),
    },
    files: {
      openFile: (options) => call(desktopChannels.filesOpen, options),
      downloadExport: (request) => call(desktopChannels.filesDownloadExport, request),
      downloadArchive: (request) => call(desktopChannels.filesDownloadArchive, request),
      showInFolder: (path) => call(desktopChannels.filesShowInFolder, path),
      cancelDownload: (downloadId) => call(desktopChannels.filesCancelDownload, downloadId),
      chooseDownloadFolder: () => call(desktopChannels.filesChooseDownloadFolder),
      onDownloadProgress: (listener: DownloadProgressListener) => subscribe(desktopEvents.downloadProgress, listener),
    },
    reminders: {
      reportOverdue: (count) => call(desktopChannels.remindersReportOverdue, count),
      onOpen: (listener: OpenPathListener) => subscribe(desktopEvents.remindersOpen, listener),
    },
    backup: {
      folder: () => call(desktopChannels.backupFolder),
      chooseFolder: () => call(desktopChannels.backupChooseFolder),
    },
  };
}

/**
 * The page's listener gets the payload only: Electron's event object carries `sender` (ipcRenderer itself),
 * which must never reach the page.
 */
export function subscribeIpc<E extends keyof DesktopEventPayloads>(
  renderer: Pick<typeof ipcRenderer, 'on' | 'removeListener'>,
  channel: E,
  listener: (payload: DesktopEventPayloads[E]) => void,
): () => void {
  // Main sends this event's payload only (main/ipc/files-ipc.ts), typed from the same contract.
  const forward = (_event: unknown, payload: DesktopEventPayloads[E]) => listener(payload);
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
