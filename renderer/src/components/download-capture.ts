/**
 * Test helper (never bundled): records the downloads a widget starts (a click on an `<a download>`),
 * and stops jsdom from trying to navigate to them, which it cannot do.
 */
export interface CapturedDownloads {
  saved: Array<{ name: string; href: string }>;
  stop(): void;
}

export function captureDownloads(): CapturedDownloads {
  const saved: CapturedDownloads['saved'] = [];
  const onClick = (event: MouseEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLAnchorElement) || !target.hasAttribute('download')) return;
    saved.push({ name: target.download, href: target.href });
    event.preventDefault();
  };
  document.addEventListener('click', onClick, true);
  return { saved, stop: () => document.removeEventListener('click', onClick, true) };
}
