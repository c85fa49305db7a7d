/**
 * FilePreview: the stored files of a record, read-only (detail pages, the record view).
 * - Pictures (jpg, png, jpeg: spec part 1, section 9) show as `size`×`size` thumbnails (160 by default,
 *   the record view's size) that open antd's image preview.
 * - Every other file is a link that opens FileViewerDialog (PDF, Word .docx, Excel, text previewed in
 *   the app; legacy .doc and archives said to be unpreviewable, with the download), with a 下载 button.
 * Every file is fetched with the token and shown from an object URL, revoked when the widget goes away.
 *
 * Props: `paths` (stored `/storage/…` paths; empty values are skipped), `names` (path → the file's own,
 * usually Chinese, name where known; otherwise the name it was uploaded under is asked of the server), `size`,
 * `emptyText` (shown when there is no file; nothing by default).
 */
import { useState, type ReactNode } from 'react';
import { Space, Typography } from 'antd';
import { isImagePath } from '../../../contract/upload';
import { FileViewerDialog } from './file-viewer-dialog';
import { displayName, StoredFileLink, StoredImage } from './stored-file';
import { useFileNames } from './use-file-names';

export const RECORD_THUMBNAIL_SIZE = 160;

export interface FilePreviewProps {
  paths: readonly (string | null | undefined)[] | string | null | undefined;
  names?: Readonly<Record<string, string>>;
  size?: number;
  emptyText?: ReactNode;
}

/** Records keep one file as a string and several as a list; both read the same here. */
export const storedPaths = (paths: FilePreviewProps['paths']): string[] =>
  (Array.isArray(paths) ? paths : [paths]).filter((path): path is string => typeof path === 'string' && path !== '');

export function FilePreview({
  paths,
  names: knownNames,
  size = RECORD_THUMBNAIL_SIZE,
  emptyText = null,
}: FilePreviewProps) {
  const [openPath, setOpenPath] = useState<string | undefined>(undefined);
  const files = storedPaths(paths);
  const names = useFileNames(files, knownNames);
  if (files.length === 0) return emptyText ? <Typography.Text type="secondary">{emptyText}</Typography.Text> : null;

  const images = files.filter(isImagePath);
  const others = files.filter((path) => !isImagePath(path));

  return (
    <div className="file-preview">
      {images.length > 0 && (
        <Space wrap size={8} style={{ marginBottom: others.length > 0 ? 8 : 0 }}>
          {images.map((path, index) => (
            <StoredImage key={`${index}:${path}`} path={path} name={displayName(path, names)} size={size} showName />
          ))}
        </Space>
      )}
      {others.length > 0 && (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxWidth: '100%' }}>
          {others.map((path, index) => (
            <li key={`${index}:${path}`}>
              <StoredFileLink path={path} name={displayName(path, names)} onOpen={setOpenPath} />
            </li>
          ))}
        </ul>
      )}
      <FileViewerDialog
        path={openPath}
        name={openPath ? displayName(openPath, names) : ''}
        onClose={() => setOpenPath(undefined)}
      />
    </div>
  );
}
