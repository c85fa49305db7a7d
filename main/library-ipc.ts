/**
 * IPC channels that libraries open on their own, without any sender check: electron-log's
 * `__ELECTRON_LOG__` (`ipcMain.on` and `ipcMain.handle`: any frame could write lines into the log a clerk
 * sends to support) and electron-store's `electron-store-get-data` (any frame could read the user data
 * folder's path). Neither is used here (the page logs nothing through electron-log; only main opens the
 * stores), so both are closed once the libraries have opened them: every channel left is a `desktop:`
 * one, behind the sender check and the schema (ipc/ipc-guard.ts).
 */
export const libraryIpcChannels = ['__ELECTRON_LOG__', 'electron-store-get-data'] as const;

/** The part of Electron's `ipcMain` that closes channels. */
export interface IpcMainClosable {
  removeAllListeners(channel: string): unknown;
  removeHandler(channel: string): void;
}

/**
 * Closes the libraries' channels. Call it after `electron-log/main` is imported and the first
 * electron-store is made (each opens its channel then, once per run).
 */
export function closeLibraryIpc(ipcMain: IpcMainClosable): void {
  for (const channel of libraryIpcChannels) {
    ipcMain.removeAllListeners(channel);
    ipcMain.removeHandler(channel);
  }
}
