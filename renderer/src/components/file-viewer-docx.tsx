/**
 * A Word (.docx) file rendered by docx-preview. Loaded only when a .docx is opened (the dialog imports
 * this file lazily), so the library stays out of the main bundle.
 *
 * The document is a stranger's file, so it is rendered where it can do no harm:
 * - inside a shadow root: the CSS docx-preview writes from the file's styles (style names are put into
 *   selectors nearly as they are) applies to the document only, never to the app around it;
 * - no embedded HTML: `renderAltChunks` off (docx-preview would put an altChunk's HTML in an iframe);
 * - pictures and fonts as `data:` URLs (nothing to revoke; the CSP allows data: for both and nothing
 *   from elsewhere);
 * - links lose their target once rendered (a `javascript:` or outside address in the file cannot be
 *   followed from the app; the address stays readable on hover), and anything that could load or run
 *   something (script, iframe, object, embed, form, base, link, meta) is removed;
 * - the app's CSP (script-src 'self') refuses inline script of any kind in the first place.
 */
import { useEffect, useRef, useState } from 'react';
import { Spin, Typography } from 'antd';
import { renderAsync } from 'docx-preview';
import { fileViewerMessages } from './file-viewer-kind';

export interface DocxViewerProps {
  blob: Blob;
}

const DANGEROUS = 'script, iframe, frame, object, embed, form, base, link, meta, input, button, textarea, select';

/** What is left of a rendered document once nothing in it can load, run or navigate. */
export function neutralise(root: ParentNode): void {
  root.querySelectorAll(DANGEROUS).forEach((element) => element.remove());
  root.querySelectorAll('a').forEach((link) => {
    const target = link.getAttribute('href') ?? '';
    link.removeAttribute('href');
    link.removeAttribute('target');
    if (/^(https?:|mailto:)/i.test(target)) link.title = target;
  });
  root.querySelectorAll('*').forEach((element) => {
    for (const attribute of [...element.attributes]) {
      if (/^on/i.test(attribute.name)) element.removeAttribute(attribute.name);
    }
  });
}

/** The page look of docx-preview, kept to the viewer's own box. */
const SHADOW_STYLE = `
:host { display: block; }
.docx-wrapper { background: #f0f2f5 !important; padding: 16px !important; }
.docx-wrapper > section.docx { box-shadow: 0 1px 4px rgba(0, 0, 0, 0.15) !important; margin-bottom: 16px !important; }
a { color: inherit; text-decoration: underline; cursor: default; }
`;

export function DocxViewer({ blob }: DocxViewerProps) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'rendering' | 'ready' | 'failed'>('rendering');

  useEffect(() => {
    const element = host.current;
    if (!element) return undefined;
    let live = true;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    root.replaceChildren();
    const own = document.createElement('style');
    own.textContent = SHADOW_STYLE;
    const styles = document.createElement('div');
    const body = document.createElement('div');
    root.append(own, styles, body);
    setState('rendering');
    renderAsync(blob, body, styles, {
      className: 'docx',
      inWrapper: true,
      ignoreLastRenderedPageBreak: true,
      renderAltChunks: false,
      renderComments: false,
      renderChanges: false,
      useBase64URL: true,
      experimental: false,
    })
      .then(() => {
        neutralise(root);
        if (live) setState('ready');
      })
      .catch(() => {
        root.replaceChildren();
        if (live) setState('failed');
      });
    return () => {
      live = false;
      root.replaceChildren();
    };
  }, [blob]);

  return (
    <div style={{ height: '100%', overflow: 'auto', position: 'relative' }}>
      {state === 'rendering' && (
        <div
          style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <Spin />
        </div>
      )}
      {state === 'failed' && <Typography.Text type="danger">{fileViewerMessages.unreadable}</Typography.Text>}
      <div ref={host} className="file-viewer-docx" />
    </div>
  );
}
