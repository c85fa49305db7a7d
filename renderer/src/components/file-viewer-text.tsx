import { useEffect, useState } from 'react';
import { Alert, Spin, Typography } from 'antd';
import { fileViewerMessages, TEXT_MAX_BYTES } from './file-viewer-kind';

export interface TextViewerProps {
  blob: Blob;
}

interface Read {
  text: string;
  cut: boolean;
}

/**
 * The text of a file's first bytes. UTF-8 (with or without a BOM) first; a file that is not valid UTF-8
 * is read as GB18030, which is what Notepad on a Chinese Windows saved before UTF-8 became its default.
 * UTF-16 files carry a BOM and are read as such.
 */
export function decodeText(bytes: Uint8Array, more: boolean): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes, { stream: more });
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes, { stream: more });
  try {
    // `stream` when the file was cut: a character split at the cut is left out rather than refused.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: more });
  } catch {
    return new TextDecoder('gb18030').decode(bytes, { stream: more });
  }
}

/** A text file as text (React escapes it: markup in the file is shown, never run), its first megabyte. */
export function TextViewer({ blob }: TextViewerProps) {
  const [read, setRead] = useState<Read | 'failed' | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const cut = blob.size > TEXT_MAX_BYTES;
    blob
      .slice(0, TEXT_MAX_BYTES)
      .arrayBuffer()
      .then((buffer) => {
        if (live) setRead({ text: decodeText(new Uint8Array(buffer), cut), cut });
      })
      .catch(() => {
        if (live) setRead('failed');
      });
    return () => {
      live = false;
    };
  }, [blob]);

  if (read === undefined) return <Spin />;
  if (read === 'failed') return <Typography.Text type="danger">{fileViewerMessages.unreadable}</Typography.Text>;
  return (
    <div className="file-viewer-text" style={{ display: 'flex', flexDirection: 'column', gap: 8, height: '100%' }}>
      {read.cut && <Alert type="info" showIcon title={fileViewerMessages.textCut} />}
      {read.text.trim() === '' ? (
        <Typography.Text type="secondary">{fileViewerMessages.emptyText}</Typography.Text>
      ) : (
        <pre
          style={{
            flex: 1,
            minHeight: 0,
            margin: 0,
            padding: 16,
            overflow: 'auto',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            background: '#fafafa',
            border: '1px solid #f0f0f0',
            borderRadius: 8,
            fontSize: 14,
            lineHeight: 1.7,
            fontFamily: 'inherit',
          }}
        >
          {read.text}
        </pre>
      )}
    </div>
  );
}
