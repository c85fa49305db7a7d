/**
 * FileViewerDialog: the one viewer of stored files, used wherever a file is shown (FilePreview's and
 * UploadSlot's links, StoredFileLink on its own). It picks the viewer by the file's type:
 * pictures (zoom), PDF (Chromium's viewer in an iframe, the document titled with the file's name),
 * Word .docx (docx-preview), Excel .xlsx/.xls
 * (a table per sheet), .txt (text); anything else (legacy .doc, .zip, .rar) says it cannot be previewed
 * and offers the download.
 *
 * The bytes come through `fetchFileBlob` (bearer header) only while the dialog is open and only for a
 * file it can show; closing the dialog drops the viewer and revokes its object URLs. The Word and Excel
 * viewers, with their libraries, are loaded on first use so that the main bundle does not carry them.
 *
 * Props: `path` (the stored `/storage/…` path; `undefined` keeps the dialog closed), `name` (the dialog's
 * title, the PDF's, and the download's file name), `onClose`.
 */
import { Component, lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button, Modal, Spin, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { fetchFileBlob } from '../api/file-blob';
import { downloadStoredFile } from './stored-file-download';
import { fileViewerKind, fileViewerMessages, type FileViewerKind } from './file-viewer-kind';
import { ImageViewer } from './file-viewer-image';
import { OfficeSizeGate } from './file-viewer-too-big';
import { PdfViewer } from './file-viewer-pdf';
import { pdfWithTitle } from './file-viewer-pdf-title';
import { TextViewer } from './file-viewer-text';
import { UnsupportedViewer } from './file-viewer-unsupported';

const DocxViewer = lazy(async () => ({ default: (await import('./file-viewer-docx')).DocxViewer }));
const SheetViewer = lazy(async () => ({ default: (await import('./file-viewer-sheet')).SheetViewer }));

export interface FileViewerDialogProps {
  path: string | undefined;
  name: string;
  onClose: () => void;
}

type Fetched =
  { status: 'loading' } | { status: 'ready'; blob: Blob; url: string } | { status: 'error'; message: string };

type FetchedBytes = { status: 'loading' } | { status: 'ready'; blob: Blob } | { status: 'error'; message: string };

/** The bytes of a file the dialog can show; nothing for a closed dialog or an unsupported file. */
function useFetchedBytes(wanted: string | undefined): FetchedBytes {
  const [fetched, setFetched] = useState<{ path: string; state: FetchedBytes } | undefined>(undefined);
  useEffect(() => {
    if (wanted === undefined) return undefined;
    const controller = new AbortController();
    fetchFileBlob(wanted, { signal: controller.signal }).then(
      (blob) => {
        if (!controller.signal.aborted) setFetched({ path: wanted, state: { status: 'ready', blob } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // The server's own reason when it gave one (文件不存在…); http-client's bare `Error <status>` is no reason.
        const reason =
          error instanceof Error && error.message && !/^Error \d+$/.test(error.message) ? error.message : '';
        const message = reason ? `${fileViewerMessages.loadFailed}：${reason}` : fileViewerMessages.loadFailed;
        setFetched({ path: wanted, state: { status: 'error', message } });
      },
    );
    return () => {
      controller.abort();
      setFetched(undefined);
    };
  }, [wanted]);
  return fetched?.path === wanted && fetched ? fetched.state : { status: 'loading' };
}

/**
 * An object URL of the bytes, revoked as soon as the dialog closes or shows other bytes. A PDF's URL
 * holds the file titled with its name (file-viewer-pdf-title.ts): Chromium's viewer heads a PDF with
 * its title, else with the URL's random id. Chromium shows a PDF only from a blob typed so, whatever
 * Content-Type the server sent.
 */
function useShownUrl(blob: Blob | undefined, kind: FileViewerKind | undefined, name: string): string | undefined {
  const title = kind === 'pdf' ? name : '';
  const [made, setMade] = useState<{ blob: Blob; title: string; url: string } | undefined>(undefined);
  useEffect(() => {
    if (blob === undefined || kind === undefined) return undefined;
    let url: string | undefined;
    let gone = false;
    const shown = async (): Promise<Blob> =>
      kind === 'pdf'
        ? new Blob([pdfWithTitle(new Uint8Array(await blob.arrayBuffer()), title)], { type: 'application/pdf' })
        : blob;
    void shown().then((bytes) => {
      if (gone) return;
      url = URL.createObjectURL(bytes);
      setMade({ blob, title, url });
    });
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [blob, kind, title]);
  return made && made.blob === blob && made.title === title ? made.url : undefined;
}

/** The bytes of a file the dialog can show and their object URL; nothing for a closed dialog or an unsupported file. */
function useViewedBlob(path: string | undefined, kind: FileViewerKind | undefined, name: string): Fetched {
  const wanted = path !== undefined && kind !== undefined && kind !== 'unsupported' ? path : undefined;
  const bytes = useFetchedBytes(wanted);
  const blob = bytes.status === 'ready' ? bytes.blob : undefined;
  const url = useShownUrl(blob, wanted === undefined ? undefined : kind, name);
  if (bytes.status !== 'ready') return bytes;
  return blob && url ? { status: 'ready', blob, url } : { status: 'loading' };
}

/**
 * A viewer that fails (its code could not be loaded, say after the office server was updated under an open
 * page, or a library choked on the file) says so in the dialog instead of taking the screen down with it.
 */
class ViewerFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return <Typography.Text type="danger">{fileViewerMessages.unreadable}</Typography.Text>;
    }
    return this.props.children;
  }
}

const centred = (content: ReactNode) => (
  <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>{content}</div>
);

interface DownloadAction {
  downloading: boolean;
  onDownload: () => void;
  onTooBig: () => void;
}

function viewerFor(kind: FileViewerKind, blob: Blob, url: string, name: string, action: DownloadAction): ReactNode {
  switch (kind) {
    case 'image':
      return <ImageViewer url={url} name={name} />;
    case 'pdf':
      return <PdfViewer url={url} name={name} />;
    // Word and Excel are measured first: a file that unpacks too big would freeze the window.
    case 'docx':
      return (
        <OfficeSizeGate blob={blob} {...action}>
          <DocxViewer blob={blob} />
        </OfficeSizeGate>
      );
    case 'sheet':
      return (
        <OfficeSizeGate blob={blob} {...action}>
          <SheetViewer blob={blob} />
        </OfficeSizeGate>
      );
    case 'text':
      return <TextViewer blob={blob} />;
    default:
      return null;
  }
}

export function FileViewerDialog({ path, name, onClose }: FileViewerDialogProps) {
  // The last file shown keeps the dialog's shape while it closes (an unsupported file's short dialog
  // would otherwise stretch to a viewer's height on its way out); its bytes are dropped at once.
  const [shownPath, setShownPath] = useState(path);
  if (path !== undefined && path !== shownPath) setShownPath(path);
  const kind = shownPath === undefined ? undefined : fileViewerKind(shownPath);
  const fetched = useViewedBlob(path, path === undefined ? undefined : kind, name);
  const [downloading, setDownloading] = useState(false);
  // A Word or Excel file found too big to show: its download moves to the middle, as an unsupported one's.
  const [tooBigPath, setTooBigPath] = useState<string | undefined>(undefined);
  const onTooBig = useCallback(() => setTooBigPath(path), [path]);
  const downloadInMiddle = kind === 'unsupported' || (path !== undefined && tooBigPath === path);
  const download = () => {
    if (!path) return;
    setDownloading(true);
    downloadStoredFile(path, name)
      .catch(() => undefined)
      .finally(() => setDownloading(false));
  };

  let body: ReactNode;
  if (kind === 'unsupported') {
    body = centred(<UnsupportedViewer name={name} downloading={downloading} onDownload={download} />);
  } else if (kind === undefined) {
    body = null;
  } else if (fetched.status === 'ready') {
    body = (
      <ViewerFailure key={path}>
        <Suspense fallback={centred(<Spin description="正在加载…" />)}>
          {viewerFor(kind, fetched.blob, fetched.url, name, { downloading, onDownload: download, onTooBig })}
        </Suspense>
      </ViewerFailure>
    );
  } else if (fetched.status === 'error') {
    body = centred(<Typography.Text type="danger">{fetched.message}</Typography.Text>);
  } else {
    body = centred(<Spin description="正在加载…" />);
  }

  // An unsupported (or too big) file's download is the dialog's one action, in its middle: the footer
  // only closes.
  const footer = [
    !downloadInMiddle && (
      <Button key="download" icon={<DownloadOutlined />} loading={downloading} onClick={download}>
        下载
      </Button>
    ),
    <Button key="close" type="primary" onClick={onClose}>
      关闭
    </Button>,
  ];

  return (
    <Modal
      open={path !== undefined}
      title={name}
      width="min(1120px, 92vw)"
      centered
      onCancel={onClose}
      destroyOnHidden
      footer={footer}
      wrapClassName="file-viewer-dialog"
      styles={{ body: { height: kind === 'unsupported' ? 'auto' : '72vh', minHeight: 240 } }}
    >
      <div aria-label={`预览：${name}`} data-kind={kind} style={{ height: '100%' }}>
        {body}
      </div>
    </Modal>
  );
}
