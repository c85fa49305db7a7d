import { useState } from 'react';
import { App, Button, Space, Typography } from 'antd';
import { FolderOpenOutlined } from '@ant-design/icons';
import { desktop } from '../platform/desktop';
import { loadSettings, updateSettings, useSettingsStore } from '../stores/settings';

export const exportFolderMessages = {
  title: '导出文件保存位置',
  downloads: '系统“下载”文件夹',
  choose: '更改…',
  reset: '恢复默认',
  chosen: (folder: string) => `导出的 Excel 文件将保存到 ${folder}`,
  resetDone: '导出的 Excel 文件将保存到系统“下载”文件夹',
  failed: '无法更改保存位置',
} as const;

/**
 * Where the desktop app saves exports (issue 3): the Downloads folder unless the clerk chose another, which
 * is remembered. Only main's folder dialog can set a folder; the page can only go back to Downloads.
 * Desktop only: in a browser the browser decides where downloads go.
 */
export function ExportFolderSetting() {
  const folder = useSettingsStore((state) => state.settings.downloadFolder);
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  const choose = async () => {
    setBusy(true);
    try {
      const chosen = await desktop.files.chooseDownloadFolder();
      if (!chosen) return;
      // Main remembered it itself: read the settings back rather than sending the folder again.
      await loadSettings();
      void message.success(exportFolderMessages.chosen(chosen));
    } catch {
      void message.error(exportFolderMessages.failed);
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    try {
      await updateSettings({ downloadFolder: '' });
      void message.success(exportFolderMessages.resetDone);
    } catch (error) {
      void message.error(error instanceof Error ? error.message : exportFolderMessages.failed);
    }
  };

  return (
    <section aria-labelledby="setting-export-folder" style={{ marginTop: 24 }}>
      <Typography.Text strong id="setting-export-folder">
        {exportFolderMessages.title}
      </Typography.Text>
      <Typography.Paragraph
        type="secondary"
        ellipsis={{ rows: 2, tooltip: folder || undefined }}
        style={{ margin: '8px 0', wordBreak: 'break-all' }}
        data-testid="export-folder"
      >
        {folder || exportFolderMessages.downloads}
      </Typography.Paragraph>
      <Space>
        <Button icon={<FolderOpenOutlined />} loading={busy} onClick={() => void choose()}>
          {exportFolderMessages.choose}
        </Button>
        <Button disabled={!folder} onClick={() => void reset()}>
          {exportFolderMessages.reset}
        </Button>
      </Space>
    </section>
  );
}
