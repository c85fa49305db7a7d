import { create } from 'zustand';

export interface VisitedTag {
  /** Pathname without the query: one tag per screen instance (/overseas/edit/3 and /overseas/edit/4 differ). */
  path: string;
  /** Pathname plus query, where clicking the tag goes back to. */
  fullPath: string;
  title: string;
  /** Pinned tags (the dashboard) cannot be closed. */
  affix: boolean;
}

interface TagsState {
  tags: VisitedTag[];
  visit(tag: VisitedTag): void;
  /** Closes one tag; answers the tag to show next when it was the current one. */
  close(path: string): void;
  closeOthers(path: string): void;
  closeAll(): void;
  reset(): void;
  /**
   * The open screen's question before it is left (a form with unsaved changes asks 离开 / 继续编辑);
   * answers whether to go on. Set by the screen while it is open; none means leave at once.
   */
  leaveGuard: (() => Promise<boolean>) | undefined;
  setLeaveGuard(guard: (() => Promise<boolean>) | undefined): void;
}

const keepAffix = (tags: VisitedTag[]) => tags.filter((tag) => tag.affix);

export const useTagsStore = create<TagsState>((set) => ({
  tags: [],
  visit: (tag) =>
    set(({ tags }) => {
      const index = tags.findIndex((existing) => existing.path === tag.path);
      if (index < 0) return { tags: [...tags, tag] };
      const existing = tags[index];
      if (existing && existing.fullPath === tag.fullPath && existing.title === tag.title) return { tags };
      // Same screen, another query: remember the latest so the tag returns to it.
      const next = [...tags];
      next[index] = { ...tag, affix: existing?.affix || tag.affix };
      return { tags: next };
    }),
  close: (path) => set(({ tags }) => ({ tags: tags.filter((tag) => tag.affix || tag.path !== path) })),
  closeOthers: (path) => set(({ tags }) => ({ tags: tags.filter((tag) => tag.affix || tag.path === path) })),
  closeAll: () => set(({ tags }) => ({ tags: keepAffix(tags) })),
  reset: () => set({ tags: [] }),
  leaveGuard: undefined,
  setLeaveGuard: (leaveGuard) => set({ leaveGuard }),
}));

/**
 * Runs `leave` once the open screen agrees to be left: at once when it has nothing to lose (no guard,
 * so a tag closes in the same tick), after the clerk's 离开 otherwise.
 */
export function leaveCurrentScreen(leave: () => void): void {
  const guard = useTagsStore.getState().leaveGuard;
  if (!guard) {
    leave();
    return;
  }
  void guard().then((agreed) => {
    if (agreed) leave();
  });
}

/** Where to go after the current tag was closed: the last tag left (the dashboard when only it remains). */
export function nextTagAfterClose(tags: readonly VisitedTag[], closedPath: string): VisitedTag | undefined {
  const remaining = tags.filter((tag) => tag.affix || tag.path !== closedPath);
  return remaining[remaining.length - 1];
}
