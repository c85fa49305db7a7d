import { create } from 'zustand';

export interface ErrorLogEntry {
  id: number;
  message: string;
  stack?: string;
  /** The screen the clerk was on. */
  url: string;
  time: string;
}

/** Enough to describe a bad afternoon without growing without bound. */
const MAX_ENTRIES = 100;

interface ErrorLogState {
  entries: ErrorLogEntry[];
  add(error: unknown): void;
  clear(): void;
}

let nextId = 1;

const describe = (error: unknown): { message: string; stack?: string } => {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack };
  if (typeof error === 'string') return { message: error };
  try {
    return { message: JSON.stringify(error) };
  } catch {
    return { message: String(error) };
  }
};

export const useErrorLog = create<ErrorLogState>((set) => ({
  entries: [],
  add: (error) =>
    set(({ entries }) => {
      const entry: ErrorLogEntry = {
        id: nextId++,
        ...describe(error),
        url: window.location.pathname + window.location.search,
        time: new Date().toLocaleString('zh-CN', { hour12: false }),
      };
      return { entries: [entry, ...entries].slice(0, MAX_ENTRIES) };
    }),
  clear: () => set({ entries: [] }),
}));

/** Captures runtime errors the screens did not handle, for the error-log dialog. Returns the undo. */
export function captureRuntimeErrors(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => useErrorLog.getState().add(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => {
    // A failed API call was already told to the clerk by the HTTP client: it is not a program error.
    if ((event.reason as { name?: unknown } | null)?.name === 'ApiError') return;
    useErrorLog.getState().add(event.reason);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
