/**
 * The pieces that show one stored file, shared by FilePreview and UploadSlot (and any screen that shows
 * a file on its own). Every byte comes through `fetchFileBlob` (bearer header) and is shown from an
 * object URL: no `/storage` link and no token ever reaches an `<img>`, an `<iframe>` or an `<a href>`.
 * A file's link opens FileViewerDialog (file-viewer-dialog.tsx), which previews it or says why not.
 */
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Image, Spin, Typography } from 'antd';
import {
  DownloadOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  PictureOutlined,
} from '@ant-design/icons';
import { fileExtension } from '../../../contract/upload';
import { storedFileName } from '../api/file-blob';
import { FileViewerDialog } from './file-viewer-dialog';
import { downloadStoredFile } from './stored-file-download';
import { useObjectUrl } from './use-object-url';

export const isPdfPath = (path: string): boolean => fileExtension(path) === 'pdf';

/** The name a clerk sees: the file's own (Chinese) name when known, else the stored file's name. */
export const displayName = (path: string, names?: Readonly<Record<string, string>>): string =>
  names?.[path] || storedFileName(path);

const tileStyle = (size: number): CSSProperties => ({
  width: size,
  height: size,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: '1px solid #d9d9d9',
  borderRadius: 8,
  background: '#fafafa',
  overflow: 'hidden',
  padding: 0,
});

export interface StoredImageProps {
  path: string;
  name: string;
  /** Width and height of the thumbnail in pixels. */
  size: number;
  /** The file's name under the thumbnail (two lines of the thumbnail's width, whole on hover). */
  showName?: boolean;
}

/**
 * A file's name that keeps to the width it is given: cut with … and whole on hover, so a long name in
 * a narrow table cell never runs into the next column. `lines` above 1 lets it wrap, anywhere (a
 * scanner's IMG_20261120_093015 has no spaces, and a dash is no better place), onto that many lines before it is cut: an upload slot's
 * 250 px then shows some 30 characters of a name instead of 8.
 */
export function FileName({ name, style, lines = 1 }: { name: string; style?: CSSProperties; lines?: number }) {
  const cut: CSSProperties =
    lines > 1
      ? {
          display: '-webkit-box',
          WebkitBoxOrient: 'vertical',
          WebkitLineClamp: lines,
          // Every character may end a line: a name's dashes are no better place, and a line is not wasted.
          wordBreak: 'break-all',
          whiteSpace: 'normal',
        }
      : { display: 'block', whiteSpace: 'nowrap' };
  return (
    <span
      className="stored-file-name"
      title={name}
      style={{ minWidth: 0, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', ...cut, ...style }}
    >
      {name}
    </span>
  );
}

/** A thumbnail that opens antd's image preview (click, Enter or Space), with its name under it when asked. */
export function StoredImage({ path, name, size, showName = false }: StoredImageProps) {
  const tile = <StoredImageTile path={path} name={name} size={size} />;
  if (!showName) return tile;
  return (
    <figure className="stored-image-figure" style={{ margin: 0, width: size, display: 'inline-block' }}>
      {tile}
      <figcaption>
        <FileName name={name} lines={2} style={{ fontSize: 12, textAlign: 'center', marginTop: 2 }} />
      </figcaption>
    </figure>
  );
}

function StoredImageTile({ path, name, size }: StoredImageProps) {
  const loaded = useObjectUrl(path);

  if (loaded.status === 'error') {
    return (
      <span role="img" aria-label={`${name}：图片加载失败`} title={loaded.message} style={tileStyle(size)}>
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          <PictureOutlined /> 图片加载失败
        </Typography.Text>
      </span>
    );
  }
  if (loaded.status !== 'ready') {
    return (
      <span role="img" aria-label={`${name}：加载中`} aria-busy="true" style={tileStyle(size)}>
        <Spin size="small" />
      </span>
    );
  }
  // antd's Image is itself the keyboard-reachable button (Enter or Space) that opens its preview.
  return (
    <span className="stored-image" title={name} style={tileStyle(size)}>
      <Image
        src={loaded.url}
        alt={name}
        aria-label={`预览 ${name}`}
        width={size}
        height={size}
        style={{ objectFit: 'cover' }}
      />
    </span>
  );
}

export interface PdfPreviewDialogProps {
  path: string | undefined;
  name: string;
  onClose: () => void;
}

/**
 * Kept for callers written before FileViewerDialog: it is that dialog (a PDF shows in Chromium's viewer,
 * any other file in its own viewer).
 */
export function PdfPreviewDialog(props: PdfPreviewDialogProps) {
  return <FileViewerDialog {...props} />;
}

const fileIcons: Record<string, ReactNode> = {
  pdf: <FilePdfOutlined />,
  doc: <FileWordOutlined />,
  docx: <FileWordOutlined />,
  xls: <FileExcelOutlined />,
  xlsx: <FileExcelOutlined />,
  txt: <FileTextOutlined />,
  zip: <FileZipOutlined />,
  rar: <FileZipOutlined />,
  jpg: <FileImageOutlined />,
  jpeg: <FileImageOutlined />,
  png: <FileImageOutlined />,
};

export interface StoredFileLinkProps {
  path: string;
  name: string;
  /** Called for a PDF instead of opening the viewer (callers that show PdfPreviewDialog themselves). */
  onPreviewPdf?: (path: string) => void;
  /** Called instead of opening the link's own viewer: the owner shows one FileViewerDialog for its links. */
  onOpen?: (path: string) => void;
  /** The 下载 button beside the name (on by default). */
  download?: boolean;
  /** Lines the name may take before it is cut (1: a table cell's one line). */
  lines?: number;
}

/**
 * A file as a link: a click opens the viewer (a preview, or for a file that cannot be previewed the
 * reason and the download); the icon beside it downloads the file under its name straight away.
 */
export function StoredFileLink({ path, name, onPreviewPdf, onOpen, download = true, lines = 1 }: StoredFileLinkProps) {
  const [viewing, setViewing] = useState(false);
  const [busy, setBusy] = useState(false);
  const open = () => {
    if (onPreviewPdf && isPdfPath(path)) onPreviewPdf(path);
    else if (onOpen) onOpen(path);
    else setViewing(true);
  };
  const save = () => {
    setBusy(true);
    downloadStoredFile(path, name)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <span
      className="stored-file-link"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 2, maxWidth: '100%' }}
    >
      <Button
        type="link"
        size="small"
        icon={fileIcons[fileExtension(path)] ?? <FileOutlined />}
        onClick={open}
        aria-label={`预览 ${name}`}
        style={{
          paddingInline: 0,
          height: 'auto',
          minWidth: 0,
          maxWidth: '100%',
          textAlign: 'left',
          ...(lines > 1 ? { whiteSpace: 'normal', alignItems: 'flex-start' } : {}),
        }}
      >
        <FileName name={name} lines={lines} />
      </Button>
      {download && (
        <Button
          type="text"
          size="small"
          icon={<DownloadOutlined />}
          loading={busy}
          onClick={save}
          aria-label={`下载 ${name}`}
          title="下载"
          style={{ flex: 'none' }}
        />
      )}
      <FileViewerDialog path={viewing ? path : undefined} name={name} onClose={() => setViewing(false)} />
    </span>
  );
}
