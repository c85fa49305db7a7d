/**
 * Picks one local file through the desktop (the native open dialog in Electron, a file input in the browser)
 * and answers its name and bytes, or null when the clerk cancelled or the file was refused; a refusal is said
 * in an error message (the spec's own text for a file that is too large).
 *
 * `open({ filters, maxBytes, tooLargeMessage, title })`. Needs antd's `<App>` above it.
 */
import { useCallback, useState } from 'react';
import { App } from 'antd';
import {
  desktopFileMessages,
  type FileFilter,
  type OpenedFile,
  type OpenFileOptions,
} from '../../../contract/desktop-api';
import { desktop } from '../platform/desktop';

export interface OpenFileRequest {
  filters: FileFilter[];
  maxBytes?: number;
  /** The spec's message for a file above `maxBytes`, e.g. 文件过大，要读取的excel文件不应超过100KB. */
  tooLargeMessage?: string;
  title?: string;
}

export const ERROR_MESSAGE_SECONDS = 5;

export function useOpenFile() {
  const { message } = App.useApp();
  const [opening, setOpening] = useState(false);

  const open = useCallback(
    async ({ filters, maxBytes, tooLargeMessage, title }: OpenFileRequest): Promise<OpenedFile | null> => {
      const options: OpenFileOptions = { filters, maxBytes, tooLargeMessage, title };
      setOpening(true);
      try {
        const file = await desktop.files.openFile(options);
        if (!file) return null;
        // The bridge refuses larger files already; the page keeps the spec's limit itself all the same.
        if (maxBytes !== undefined && (file.size > maxBytes || file.bytes.byteLength > maxBytes)) {
          void message.error(tooLargeMessage ?? desktopFileMessages.tooLarge(maxBytes), ERROR_MESSAGE_SECONDS);
          return null;
        }
        return file;
      } catch (error) {
        void message.error(error instanceof Error ? error.message : String(error), ERROR_MESSAGE_SECONDS);
        return null;
      } finally {
        setOpening(false);
      }
    },
    [message],
  );

  return { open, opening };
}
