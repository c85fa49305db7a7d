/**
 * The names to show for stored files: the record's own `known` names first, then the names the files had
 * when they were uploaded (asked of the server once per path and kept for the session: a stored path never
 * changes its file), and until then, or when the server has none, the stored name itself (stored-file.tsx).
 */
import { useEffect, useState } from 'react';
import { UPLOAD_NAMES_MAX } from '../../../contract/upload';
import { fetchFileNames } from '../api/fetch-file-names';

/** path → the uploaded name, or null when the server has none (asked, not to be asked again). */
const learned = new Map<string, string | null>();
/** Paths asked for right now, so that two widgets showing one file ask once. */
const asking = new Set<string>();
const listeners = new Set<() => void>();

const askFor = async (paths: string[]) => {
  paths.forEach((path) => asking.add(path));
  try {
    for (let start = 0; start < paths.length; start += UPLOAD_NAMES_MAX) {
      const chunk = paths.slice(start, start + UPLOAD_NAMES_MAX);
      const names = await fetchFileNames(chunk);
      for (const path of chunk) learned.set(path, Object.hasOwn(names, path) ? (names[path] ?? null) : null);
    }
  } catch {
    // Offline, or an older office server without the call: the stored names stay. Not asked again this
    // session, so that a server that keeps failing is not asked on every render.
    for (const path of paths) if (!learned.has(path)) learned.set(path, null);
  } finally {
    paths.forEach((path) => asking.delete(path));
    listeners.forEach((listener) => listener());
  }
};

/** For tests: forget every name learned. */
export const forgetFileNames = () => learned.clear();

export function useFileNames(
  paths: readonly string[],
  known?: Readonly<Record<string, string>>,
): Readonly<Record<string, string>> {
  const [, setVersion] = useState(0);
  const key = paths.join(',');

  useEffect(() => {
    const listener = () => setVersion((value) => value + 1);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);

  useEffect(() => {
    const missing = key
      .split(',')
      .filter((path) => path.startsWith('/storage/') && !known?.[path] && !learned.has(path) && !asking.has(path));
    if (missing.length > 0) void askFor([...new Set(missing)]);
  }, [key, known]);

  // Re-rendered by the listener when names arrive; cheap enough to build on every render.
  const names: Record<string, string> = {};
  for (const path of key ? key.split(',') : []) {
    const name = known?.[path] || learned.get(path);
    if (name) names[path] = name;
  }
  return names;
}
