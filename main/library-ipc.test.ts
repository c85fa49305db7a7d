import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { closeLibraryIpc, libraryIpcChannels } from './library-ipc';

/** An ipcMain as Electron's: `on` listeners and one `handle` handler per channel. */
class FakeIpcMain extends EventEmitter {
  handlers = new Map<string, unknown>();
  handle(channel: string, handler: unknown) {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, handler);
  }
  removeHandler(channel: string) {
    this.handlers.delete(channel);
  }
}

describe('the libraries’ own IPC channels', () => {
  it('are closed, and nothing else is', () => {
    const ipcMain = new FakeIpcMain();
    // As electron-log/main does when imported and electron-store when the first store is made.
    ipcMain.on('__ELECTRON_LOG__', () => undefined);
    ipcMain.handle('__ELECTRON_LOG__', () => ({}));
    ipcMain.on('electron-store-get-data', () => undefined);
    ipcMain.handle('desktop:app:version', () => '0.1.0');

    closeLibraryIpc(ipcMain);

    for (const channel of libraryIpcChannels) {
      expect(ipcMain.listenerCount(channel), channel).toBe(0);
      expect(ipcMain.handlers.has(channel), channel).toBe(false);
    }
    expect([...ipcMain.handlers.keys()]).toEqual(['desktop:app:version']);
  });
});
