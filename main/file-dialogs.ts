import { open, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { desktopFileMessages, openFileMaxBytes, type OpenedFile, type OpenFileOptions } from '../contract/desktop-api';
import type { SettingsStore } from './settings-store';

export const fileDialogMessages = {
  tooLarge: desktopFileMessages.tooLarge,
  wrongType: desktopFileMessages.wrongType,
  notAFile: '所选的不是文件，请重新选择',
  unreadable: '无法读取所选文件，请确认文件存在且没有被其他程序占用',
  openTitle: '选择文件',
  folderTitle: '选择导出文件的保存位置',
} as const;

/** The part of Electron's `OpenDialogOptions` we use (a subset, so Electron's dialog accepts it as is). */
export interface OpenDialogOptionsLike {
  title?: string;
  defaultPath?: string;
  filters?: { name: string; extensions: string[] }[];
  properties?: ('openFile' | 'openDirectory' | 'createDirectory' | 'dontAddToRecent')[];
}

export type ShowOpenDialog = (options: OpenDialogOptionsLike) => Promise<{ canceled: boolean; filePaths: string[] }>;

export interface FileDialogs {
  openFile(options: OpenFileOptions): Promise<OpenedFile | null>;
  chooseDownloadFolder(): Promise<string | null>;
}

export interface FileDialogsDeps {
  /** Electron's `dialog.showOpenDialog`, bound to the main window. */
  showOpenDialog: ShowOpenDialog;
  settings: SettingsStore;
  /** Electron's `app.getPath('downloads')`: where the folder dialog starts when nothing is remembered. */
  defaultFolder: () => string;
}

/**
 * Reads at most `maxBytes`: the size is checked before the bytes are read, and again while reading (the file
 * may grow in between), so a 100 MB file is never loaded, let alone sent over IPC.
 */
export async function readFileCapped(path: string, maxBytes: number, tooLargeMessage: string): Promise<Uint8Array> {
  const info = await stat(path).catch(() => null);
  if (!info) throw new Error(fileDialogMessages.unreadable);
  // A folder, a device or a pipe (opening one could block forever) is not a document.
  if (!info.isFile()) throw new Error(fileDialogMessages.notAFile);
  if (info.size > maxBytes) throw new Error(tooLargeMessage);
  const handle = await open(path, 'r').catch(() => null);
  if (!handle) throw new Error(fileDialogMessages.unreadable);
  try {
    const buffer = new Uint8Array(maxBytes + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > maxBytes) throw new Error(tooLargeMessage);
    }
    return buffer.slice(0, length);
  } catch (error) {
    if (error instanceof Error && error.message === tooLargeMessage) throw error;
    throw new Error(fileDialogMessages.unreadable);
  } finally {
    await handle.close();
  }
}

/** The native open dialog (one file, the caller's types) and the download-folder chooser. */
export function createFileDialogs({ showOpenDialog, settings, defaultFolder }: FileDialogsDeps): FileDialogs {
  return {
    async openFile(options) {
      const maxBytes = Math.min(options.maxBytes ?? openFileMaxBytes, openFileMaxBytes);
      const result = await showOpenDialog({
        title: options.title ?? fileDialogMessages.openTitle,
        filters: options.filters.map((filter) => ({ name: filter.name, extensions: [...filter.extensions] })),
        properties: ['openFile', 'dontAddToRecent'],
      });
      const [path] = result.filePaths;
      if (result.canceled || !path) return null;
      // Windows lets a clerk type any name past the dialog's filter: the type is checked here again.
      const allowed = new Set(options.filters.flatMap((filter) => filter.extensions.map((ext) => ext.toLowerCase())));
      if (!allowed.has(extname(path).slice(1).toLowerCase())) throw new Error(fileDialogMessages.wrongType);
      const bytes = await readFileCapped(
        path,
        maxBytes,
        options.tooLargeMessage ?? fileDialogMessages.tooLarge(maxBytes),
      );
      // The page gets the name and the bytes, never where the file sits on the clerk's disk.
      return { name: basename(path), bytes, size: bytes.length };
    },
    async chooseDownloadFolder() {
      const current = settings.getUi().downloadFolder;
      const result = await showOpenDialog({
        title: fileDialogMessages.folderTitle,
        defaultPath: current || defaultFolder(),
        properties: ['openDirectory', 'createDirectory'],
      });
      const [folder] = result.filePaths;
      if (result.canceled || !folder) return null;
      settings.patchUi({ downloadFolder: folder });
      return folder;
    },
  };
}
