/**
 * The 导出 button of every list: asks the server for the export (the list's own `…/export` call, given as
 * `request`), then has the desktop download it with the token, showing the download's progress in a message.
 * Electron saves the workbook (remembered folder or Downloads) and opens it in the spreadsheet program; the
 * browser makes it an ordinary download.
 *
 * Props: `label` (默认 导出), `request` (answers `{ download_url }`), `fileName` (the name to save under,
 * `.xlsx` added when missing), and the antd button's `type`, `icon` and `size`.
 *
 * Needs antd's `<App>` above it (the messages come from App.useApp()).
 */
import { useRef, useState, type ReactNode } from 'react';
import { App, Button, type ButtonProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { DownloadProgress } from '../../../contract/desktop-api';
import { isHttpError } from '../api/http-client';
import { desktop } from '../platform/desktop';
import { DownloadFailure, downloadFailureReason, DownloadProgressNotice } from './download-notice';

export const exportMessages = {
  label: '导出',
  downloading: (name: string) => `正在下载 ${name}`,
  cancel: '取消',
  cancelled: '已取消下载',
  success: '导出成功',
  savedAndOpened: (path: string) => `已保存到 ${path} 并已打开`,
  savedNotOpened: (path: string, reason: string) => `已保存到 ${path}，但未能自动打开：${reason}`,
  failed: '下载失败!',
} as const;

export interface ExportButtonProps extends Pick<ButtonProps, 'type' | 'icon' | 'size'> {
  label?: ReactNode;
  request: () => Promise<{ download_url: string }>;
  fileName: string;
  /**
   * Checked on click before anything is sent: false stops the export, the screen having said why
   * (导出报表 without a period says 请先选择要查询的时间).
   */
  before?: () => boolean;
}

/** Shown while the file comes. */
const ProgressNotice = ({
  fileName,
  progress,
  onCancel,
}: {
  fileName: string;
  progress: DownloadProgress | null;
  onCancel: () => void;
}) => (
  <DownloadProgressNotice
    title={exportMessages.downloading(fileName)}
    progress={progress}
    cancelText={exportMessages.cancel}
    onCancel={onCancel}
  />
);

let downloadSequence = 0;

export function ExportButton({
  label = exportMessages.label,
  request,
  fileName,
  type,
  icon = <DownloadOutlined />,
  size,
  before,
}: ExportButtonProps) {
  const { message } = App.useApp();
  const [running, setRunning] = useState(false);
  // A second click before React re-renders the disabled button must not start a second export.
  const busy = useRef(false);

  const run = async () => {
    if (busy.current) return;
    if (before && !before()) return;
    busy.current = true;
    setRunning(true);
    downloadSequence += 1;
    const downloadId = `export-${Date.now().toString(36)}-${downloadSequence}`;
    const key = `export:${downloadId}`;
    let lastPercent: number | null | undefined;
    const show = (progress: DownloadProgress | null) =>
      void message.open({
        key,
        type: 'loading',
        duration: 0,
        content: (
          <ProgressNotice
            fileName={fileName}
            progress={progress}
            onCancel={() => void desktop.files.cancelDownload(downloadId)}
          />
        ),
      });
    const unsubscribe = desktop.files.onDownloadProgress((progress) => {
      if (progress.downloadId !== downloadId) return;
      // One update per percent (or per piece when the size is unknown) is plenty for a message.
      if (progress.percent !== null && progress.percent === lastPercent) return;
      lastPercent = progress.percent;
      show(progress);
    });

    try {
      let downloadUrl: string;
      try {
        ({ download_url: downloadUrl } = await request());
      } catch (error) {
        // The HTTP client has already said why (the server's message, the 登录失败 dialog).
        if (!isHttpError(error)) void message.error(exportMessages.failed);
        return;
      }
      show(null);
      const result = await desktop.files.downloadExport({ url: downloadUrl, suggestedName: fileName, downloadId });
      if ('cancelled' in result) {
        void message.info({ key, content: exportMessages.cancelled });
      } else if (result.opened) {
        void message.success({ key, content: exportMessages.savedAndOpened(result.savedTo) });
      } else if (result.openError) {
        void message.warning({ key, content: exportMessages.savedNotOpened(result.savedTo, result.openError) });
      } else {
        void message.success({ key, content: exportMessages.success });
      }
    } catch (error) {
      void message.error({
        key,
        duration: 5,
        content: <DownloadFailure failed={exportMessages.failed} reason={downloadFailureReason(error)} />,
      });
    } finally {
      unsubscribe();
      busy.current = false;
      setRunning(false);
    }
  };

  return (
    <Button type={type} icon={icon} size={size} loading={running} disabled={running} onClick={() => void run()}>
      {label}
    </Button>
  );
}
