import { Button, Result } from 'antd';
import { DownloadOutlined, FileUnknownOutlined } from '@ant-design/icons';
import { fileViewerMessages } from './file-viewer-kind';

export interface UnsupportedViewerProps {
  name: string;
  downloading: boolean;
  onDownload: () => void;
}

/**
 * A file no viewer of the app can show (legacy .doc, .zip, .rar): said so, with the download in its
 * place. Nothing is fetched until the clerk asks for it.
 */
export function UnsupportedViewer({ name, downloading, onDownload }: UnsupportedViewerProps) {
  return (
    <Result
      className="file-viewer-unsupported"
      icon={<FileUnknownOutlined />}
      title={fileViewerMessages.unsupported}
      subTitle={name}
      extra={
        <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={onDownload}>
          下载
        </Button>
      }
    />
  );
}
