import { Button, Progress, Space, Typography } from 'antd';
import { formatFileSize, type DownloadProgress } from '../../../contract/desktop-api';

/**
 * What every download button (an Excel export, a contract's zip) shows in its message while the file
 * comes and when it fails, so they read alike.
 */

/** While the file comes: a bar when its size is known, the bytes so far when not, and 取消 when it can be. */
export function DownloadProgressNotice({
  title,
  progress,
  cancelText,
  onCancel,
}: {
  title: string;
  progress: DownloadProgress | null;
  cancelText: string;
  onCancel?: (() => void) | undefined;
}) {
  const percent = progress?.percent ?? null;
  return (
    <Space size="small" align="center">
      <span>{title}</span>
      {percent === null && progress && progress.received > 0 ? (
        <Typography.Text type="secondary">已下载 {formatFileSize(progress.received)}</Typography.Text>
      ) : (
        <Progress
          percent={percent ?? 0}
          size="small"
          status="active"
          style={{ width: 160, margin: 0 }}
          aria-label={title}
        />
      )}
      {onCancel ? (
        <Button type="link" size="small" onClick={onCancel}>
          {cancelText}
        </Button>
      ) : null}
    </Space>
  );
}

/** The bridge's and the server's reasons may begin 下载失败：, which the button's own text already says. */
export const downloadFailureReason = (error: unknown): string =>
  (error instanceof Error ? error.message : '').replace(/^下载失败[!！]?[：:]?\s*/, '');

/** A failed download: the button's 下载失败! and, beside it, the reason. */
export function DownloadFailure({ failed, reason }: { failed: string; reason: string }) {
  return (
    <span>
      <span>{failed}</span>
      {reason ? (
        <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
          {reason}
        </Typography.Text>
      ) : null}
    </span>
  );
}
