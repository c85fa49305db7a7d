export interface PdfViewerProps {
  /** An object URL of the PDF's bytes (typed application/pdf), titled with the file's name. */
  url: string;
  name: string;
}

/**
 * A PDF in Chromium's own viewer (pages, zoom, search, print), from an object URL in an iframe: the file
 * is shown in the app, never handed to the browser as a download, and no token is in any URL. The frame
 * is named by the file's name, and so is the document (FileViewerDialog titles the bytes with it).
 */
export function PdfViewer({ url, name }: PdfViewerProps) {
  return (
    <iframe className="file-viewer-pdf" title={name} src={url} style={{ width: '100%', height: '100%', border: 0 }} />
  );
}
