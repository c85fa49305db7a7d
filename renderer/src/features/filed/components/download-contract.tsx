/**
 * 下载 on a finished contract's card (status 6, spec part 2, sections 2 and 8): asks first, then has the
 * server pack every document of the contract into a zip (GET /api/car/downloads) and downloads it with
 * the token, showing the packing and then the download's progress in a message. Electron saves the zip
 * (remembered folder or Downloads) and offers 打开所在文件夹, in the message and beside the button; the
 * browser makes it an ordinary download. Any failure says 下载失败! with the reason.
 *
 * Needs antd's `<App>` above it (the confirmation and the messages come from App.useApp()).
 */
import { useRef, useState } from 'react';
import { App, Button, Space } from 'antd';
import { archiveFileName, downloadsEndpoints, downloadsMessages } from '../../../../../contract/filed-downloads';
import type { DownloadProgress } from '../../../../../contract/desktop-api';
import { call } from '../../../api/call';
import { RowAction } from '../../../components/row-actions';
import { DownloadFailure, downloadFailureReason, DownloadProgressNotice } from '../../../components/download-notice';
import { desktop } from '../../../platform/desktop';

export interface DownloadContractProps {
  orderId: number;
  orderNo: string;
}

/** The server packs first (no progress to show), then the file comes. */
const ProgressNotice = ({
  progress,
  onCancel,
}: {
  progress: DownloadProgress | null | 'packing';
  onCancel?: () => void;
}) =>
  progress === 'packing' ? (
    <span>{downloadsMessages.packing}</span>
  ) : (
    <DownloadProgressNotice
      title={downloadsMessages.downloading}
      progress={progress}
      cancelText={downloadsMessages.cancel}
      onCancel={onCancel}
    />
  );

let downloadSequence = 0;

export function DownloadContract({ orderId, orderNo }: DownloadContractProps) {
  const { message, modal } = App.useApp();
  const [running, setRunning] = useState(false);
  const [savedTo, setSavedTo] = useState<string | null>(null);
  // A second click before React re-renders the disabled button must not start a second download.
  const busy = useRef(false);

  const showInFolder = (path: string) => {
    desktop.files.showInFolder(path).catch((error: unknown) => {
      void message.error(downloadFailureReason(error) || downloadsMessages.failed);
    });
  };

  const run = async () => {
    if (busy.current) return;
    busy.current = true;
    setRunning(true);
    downloadSequence += 1;
    const downloadId = `contract-${orderId}-${Date.now().toString(36)}-${downloadSequence}`;
    const key = `download:${downloadId}`;
    const show = (progress: DownloadProgress | null | 'packing') =>
      void message.open({
        key,
        type: 'loading',
        duration: 0,
        content: (
          <ProgressNotice
            progress={progress}
            {...(progress === 'packing' ? {} : { onCancel: () => void desktop.files.cancelDownload(downloadId) })}
          />
        ),
      });
    let lastPercent: number | null | undefined;
    const unsubscribe = desktop.files.onDownloadProgress((progress) => {
      if (progress.downloadId !== downloadId) return;
      if (progress.percent !== null && progress.percent === lastPercent) return;
      lastPercent = progress.percent;
      show(progress);
    });
    try {
      show('packing');
      // Packing thousands of documents takes longer than the client's usual 10 s: no time-out here; the
      // download itself watches for a stall.
      const { path } = await call(downloadsEndpoints.download, { query: { orderId } }, { timeout: 0, silent: true });
      show(null);
      const result = await desktop.files.downloadArchive({
        url: path,
        suggestedName: archiveFileName(orderNo),
        downloadId,
      });
      if ('cancelled' in result) {
        void message.info({ key, content: downloadsMessages.cancelled });
      } else if (desktop.kind === 'electron') {
        setSavedTo(result.savedTo);
        void message.success({
          key,
          duration: 8,
          content: (
            <Space size="small">
              <span>{downloadsMessages.savedTo(result.savedTo)}</span>
              <Button type="link" size="small" onClick={() => showInFolder(result.savedTo)}>
                {downloadsMessages.showInFolder}
              </Button>
            </Space>
          ),
        });
      } else {
        void message.success({ key, content: downloadsMessages.done });
      }
    } catch (error) {
      void message.error({
        key,
        duration: 5,
        content: <DownloadFailure failed={downloadsMessages.failed} reason={downloadFailureReason(error)} />,
      });
    } finally {
      unsubscribe();
      busy.current = false;
      setRunning(false);
    }
  };

  const confirm = () => {
    if (busy.current) return;
    void modal.confirm({
      title: downloadsMessages.confirmTitle,
      content: downloadsMessages.confirmText(orderNo),
      okText: downloadsMessages.confirmOk,
      cancelText: downloadsMessages.confirmCancel,
      onOk: () => {
        void run();
      },
    });
  };

  return (
    <>
      <RowAction label={`海外合同 ${orderNo} 下载`} loading={running} disabled={running} onClick={confirm}>
        {downloadsMessages.button}
      </RowAction>
      {savedTo ? (
        <RowAction
          label={`海外合同 ${orderNo} 资料 ${downloadsMessages.showInFolder}`}
          onClick={() => showInFolder(savedTo)}
        >
          {downloadsMessages.showInFolder}
        </RowAction>
      ) : null}
    </>
  );
}
