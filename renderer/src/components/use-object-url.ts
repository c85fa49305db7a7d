import { useEffect, useState } from 'react';
import { fetchFileBlob } from '../api/file-blob';

export type ObjectUrlState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; url: string; blob: Blob }
  | { status: 'error'; message: string };

interface Loaded {
  path: string;
  state: ObjectUrlState;
}

/**
 * A stored file (`/storage/…`) fetched with the token and shown from an object URL. The URL is revoked
 * when the path changes or the widget goes away, and a fetch still under way is cancelled. Pass
 * `undefined` to load nothing (a PDF whose dialog is closed, say).
 */
export function useObjectUrl(path: string | undefined): ObjectUrlState {
  const [loaded, setLoaded] = useState<Loaded | undefined>(undefined);

  useEffect(() => {
    if (!path) return undefined;
    const controller = new AbortController();
    let url: string | undefined;
    fetchFileBlob(path, { signal: controller.signal }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setLoaded({ path, state: { status: 'ready', url, blob } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = error instanceof Error && error.message ? error.message : '文件加载失败';
        setLoaded({ path, state: { status: 'error', message } });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
      // Forget the revoked URL, so that coming back to this path later waits for a fresh one.
      setLoaded(undefined);
    };
  }, [path]);

  if (!path) return { status: 'idle' };
  // Until this path's own answer arrives, the previous path's URL (already revoked) must not show.
  return loaded?.path === path ? loaded.state : { status: 'loading' };
}
