/**
 * A Word or Excel file too big to show (issue 20): docx-preview and SheetJS unpack a file whole before
 * drawing anything, so a file whose text parts unpack to hundreds of MB would freeze the window. Before
 * either sees the file, its size and the unpacked size of its text parts (.xml, .rels) are measured
 * (office-zip.ts, stopping at the bound); past the bound the dialog says so and offers the download.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { DownloadOutlined, FileExclamationOutlined } from '@ant-design/icons';
import { fileViewerMessages, VIEWER_MAX_BYTES, VIEWER_MAX_UNPACKED_TEXT_BYTES } from './file-viewer-kind';
import { unpackedWithin } from './office-zip';

export type OfficeFit = 'checking' | 'fits' | 'too-big';

const ZIP = [0x50, 0x4b, 0x03, 0x04];

const isTextPart = (name: string) => /\.(xml|rels)$/i.test(name);

/** Whether a Word or Excel blob can be shown; a legacy (non-zip) workbook is judged by its size alone. */
export async function officeFit(blob: Blob): Promise<Exclude<OfficeFit, 'checking'>> {
  if (blob.size > VIEWER_MAX_BYTES) return 'too-big';
  const bytes = new Uint8Array(await blob.arrayBuffer());
  if (!ZIP.every((byte, index) => bytes[index] === byte)) return 'fits';
  // An unreadable zip is left to the viewer, which says it cannot read it.
  const verdict = await unpackedWithin(bytes, VIEWER_MAX_UNPACKED_TEXT_BYTES, isTextPart);
  return verdict === 'over' ? 'too-big' : 'fits';
}

export function useOfficeFit(blob: Blob): OfficeFit {
  const [judged, setJudged] = useState<{ blob: Blob; fit: OfficeFit } | undefined>(undefined);
  useEffect(() => {
    let live = true;
    officeFit(blob).then(
      (fit) => live && setJudged({ blob, fit }),
      () => live && setJudged({ blob, fit: 'too-big' }),
    );
    return () => {
      live = false;
    };
  }, [blob]);
  return judged?.blob === blob ? judged.fit : 'checking';
}

export interface OfficeSizeGateProps {
  blob: Blob;
  downloading: boolean;
  onDownload: () => void;
  /** Told once the file is found too big, so that the dialog's footer drops its own 下载. */
  onTooBig?: () => void;
  children: ReactNode;
}

/** Shows `children` (the Word or Excel viewer) only for a file small enough; otherwise the download. */
export function OfficeSizeGate({ blob, downloading, onDownload, onTooBig, children }: OfficeSizeGateProps) {
  const fit = useOfficeFit(blob);
  useEffect(() => {
    if (fit === 'too-big') onTooBig?.();
  }, [fit, onTooBig]);
  if (fit === 'checking') {
    return (
      <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin description="正在加载…" />
      </div>
    );
  }
  if (fit === 'too-big') {
    return (
      <Result
        className="file-viewer-too-big"
        icon={<FileExclamationOutlined />}
        title={fileViewerMessages.tooBig}
        extra={
          <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={onDownload}>
            下载
          </Button>
        }
      />
    );
  }
  return children;
}
