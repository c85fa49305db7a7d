import { z } from 'zod';
import { desktopChannels, desktopEvents, type DownloadProgress } from '../../contract/desktop-api';
import {
  downloadArchiveRequestSchema,
  downloadExportRequestSchema,
  downloadIdSchema,
  openFileOptionsSchema,
  shownPathSchema,
} from '../../contract/desktop-schemas';
import type { Downloads } from '../downloads';
import type { FileDialogs } from '../file-dialogs';
import { guarded, noArgs, type InvokeEventLike, type IpcHandlersFor, type SenderCheck } from './ipc-guard';

export interface FilesIpcDeps {
  isTrusted: SenderCheck;
  dialogs: FileDialogs;
  downloads: Downloads;
}

/** The part of Electron's `IpcMainInvokeEvent.sender` (the asking page's WebContents) progress goes to. */
interface ProgressTarget {
  send(channel: string, progress: DownloadProgress): void;
  isDestroyed?(): boolean;
}

/** Progress goes back to the page that asked, and only while it is still there. */
const progressTo = (event: InvokeEventLike) => (progress: DownloadProgress) => {
  const sender = (event as InvokeEventLike & { sender?: ProgressTarget }).sender;
  if (sender && !sender.isDestroyed?.()) sender.send(desktopEvents.downloadProgress, progress);
};

/**
 * Native open dialog, export and contract-zip downloads (with progress), showing a downloaded file in its
 * folder, and the remembered download folder.
 */
export function filesIpcHandlers({
  isTrusted,
  dialogs,
  downloads,
}: FilesIpcDeps): IpcHandlersFor<
  | 'filesOpen'
  | 'filesDownloadExport'
  | 'filesDownloadArchive'
  | 'filesShowInFolder'
  | 'filesCancelDownload'
  | 'filesChooseDownloadFolder'
> {
  const downloadArgs = z.tuple([downloadExportRequestSchema]);
  const archiveArgs = z.tuple([downloadArchiveRequestSchema]);
  return {
    [desktopChannels.filesOpen]: guarded(isTrusted, z.tuple([openFileOptionsSchema]), ([options]) =>
      dialogs.openFile(options),
    ),
    [desktopChannels.filesDownloadExport]: (event, ...args) =>
      guarded(isTrusted, downloadArgs, ([request]) => downloads.downloadExport(request, progressTo(event)))(
        event,
        ...args,
      ),
    [desktopChannels.filesDownloadArchive]: (event, ...args) =>
      guarded(isTrusted, archiveArgs, ([request]) => downloads.downloadArchive(request, progressTo(event)))(
        event,
        ...args,
      ),
    [desktopChannels.filesShowInFolder]: guarded(isTrusted, z.tuple([shownPathSchema]), ([path]) =>
      downloads.showInFolder(path),
    ),
    [desktopChannels.filesCancelDownload]: guarded(isTrusted, z.tuple([downloadIdSchema]), ([downloadId]) =>
      downloads.cancel(downloadId),
    ),
    [desktopChannels.filesChooseDownloadFolder]: guarded(isTrusted, noArgs, () => dialogs.chooseDownloadFolder()),
  };
}
