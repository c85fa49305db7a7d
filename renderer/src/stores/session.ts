import { create } from 'zustand';
import type { TokenSaveResult } from '../../../contract/desktop-api';
import { desktop } from '../platform/desktop';
import { useTagsStore } from './tags';

export interface SessionUser {
  id: number;
  nickname: string;
  username: string;
}

interface SessionState {
  /** Null while logged out. Kept only through `desktop.token` (encrypted store or the tab), never localStorage. */
  token: string | null;
  user: SessionUser | null;
  roles: string[];
  /** The `{stored:'memory'}` warning is said once per app run, not at every login. */
  memoryTokenWarned: boolean;
}

const loggedOut = { token: null, user: null, roles: [] };

export const useSession = create<SessionState>(() => ({ ...loggedOut, memoryTokenWarned: false }));

/** Reads the token the desktop shell kept from an earlier run (or this tab), if any. */
export async function restoreToken(): Promise<string | null> {
  const token = await desktop.token.get();
  useSession.setState({ token });
  return token;
}

/** Keeps the token of a fresh login; the answer says how safely it could be stored. */
export async function startSession(token: string, user: SessionUser): Promise<TokenSaveResult> {
  const stored = await desktop.token.set(token);
  useSession.setState({ token, user });
  return stored;
}

export function setSessionUser(user: SessionUser, roles: string[]): void {
  useSession.setState({ user, roles });
}

export function markMemoryTokenWarned(): void {
  useSession.setState({ memoryTokenWarned: true });
}

/**
 * Logout and the 401/403 dialog: forget token, user and visited tags. Interface settings and remembered
 * choices (theme, size, columns, download folder) live elsewhere and stay (DESIGN.md).
 */
export async function clearSession(): Promise<void> {
  useSession.setState(loggedOut);
  useTagsStore.getState().reset();
  try {
    await desktop.token.clear();
  } catch {
    // The token is already gone from memory; a shell that cannot clear its store must not block logout.
  }
}
