/**
 * The pieces that show one stored file, shared by FilePreview and UploadSlot. Every byte comes through
 * `fetchFileBlob` (bearer header) and is shown from an object URL: no `/storage` link and no token ever
 * reaches an `<img>`, an `<iframe>` or an `<a href>`.
 */
import { useState, type CSSProperties } from 'react';
import { Button, Image, Modal, Spin, Typography } from 'antd';
import { DownloadOutlined, FileOutlined, FilePdfOutlined, PictureOutlined } from '@ant-design/icons';
import { fileExtension } from '../../../contract/upload';
import { fetchFileBlob, storedFileName } from '../api/file-blob';
import { useObjectUrl } from './use-object-url';

/** How long a download's object URL lives: long enough for the browser to start saving it. */
const DOWNLOAD_URL_LIFETIME_MS = 60_000;

export const isPdfPath = (path: string): boolean => fileExtension(path) === 'pdf';

/** The name a clerk sees: the file's own (Chinese) name when known, else the stored file's name. */
export const displayName = (path: string, names?: Readonly<Record<string, string>>): string =>
  names?.[path] || storedFileName(path);

/** Saves a stored file under its name through a short-lived object URL. Failures toast (http-client). */
export async function downloadStoredFile(path: string, name: string): Promise<void> {
  const blob = await fetchFileBlob(path, { silent: false });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}

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
  /** The file's name under the thumbnail (cut to the thumbnail's width, whole on hover). */
  showName?: boolean;
}

/**
 * A file's name that keeps to the width it is given: cut with … and whole on hover, so a long name in
 * a narrow table cell never runs into the next column.
 */
export function FileName({ name, style }: { name: string; style?: CSSProperties }) {
  return (
    <span
      className="stored-file-name"
      title={name}
      style={{
        display: 'block',
        minWidth: 0,
        maxWidth: '100%',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        ...style,
      }}
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
        <FileName name={name} style={{ fontSize: 12, textAlign: 'center', marginTop: 2 }} />
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

/** A PDF in Chromium's own viewer, from an object URL; loaded only while the dialog is open. */
export function PdfPreviewDialog({ path, name, onClose }: PdfPreviewDialogProps) {
  const loaded = useObjectUrl(path);
  const [saving, setSaving] = useState(false);
  const save = () => {
    if (!path) return;
    setSaving(true);
    downloadStoredFile(path, name)
      .catch(() => undefined)
      .finally(() => setSaving(false));
  };
  return (
    <Modal
      open={path !== undefined}
      title={name}
      width={960}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="download" icon={<DownloadOutlined />} loading={saving} onClick={save}>
          下载
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      {loaded.status === 'ready' ? (
        <iframe title={name} src={loaded.url} style={{ width: '100%', height: '70vh', border: 0 }} />
      ) : loaded.status === 'error' ? (
        <Typography.Text type="danger">{loaded.message}</Typography.Text>
      ) : (
        <div style={{ height: '70vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Spin description="正在加载…">
            <div style={{ width: 120, height: 60 }} />
          </Spin>
        </div>
      )}
    </Modal>
  );
}

export interface StoredFileLinkProps {
  path: string;
  name: string;
  /** Called for a PDF instead of downloading it: the owner shows PdfPreviewDialog. */
  onPreviewPdf?: (path: string) => void;
}

/** A file as a link: a PDF opens in the preview dialog, anything else downloads under its name. */
export function StoredFileLink({ path, name, onPreviewPdf }: StoredFileLinkProps) {
  const [busy, setBusy] = useState(false);
  const pdf = isPdfPath(path) && onPreviewPdf !== undefined;
  const open = () => {
    if (pdf) {
      onPreviewPdf(path);
      return;
    }
    setBusy(true);
    downloadStoredFile(path, name)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button
      type="link"
      size="small"
      icon={pdf ? <FilePdfOutlined /> : <FileOutlined />}
      loading={busy}
      onClick={open}
      aria-label={pdf ? `预览 ${name}` : `下载 ${name}`}
      style={{ paddingInline: 0, height: 'auto', maxWidth: '100%', textAlign: 'left' }}
    >
      <FileName name={name} />
    </Button>
  );
}
