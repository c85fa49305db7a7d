import { create } from 'zustand';

export type BootPhase = 'starting' | 'ready' | 'failed';

interface BootState {
  phase: BootPhase;
  /** No account exists yet: every screen leads to the first-run 创建管理员 page. */
  needsSetup: boolean;
  /** Why the app could not start (server unreachable, embedded server failed). */
  error: string;
  /** The administrator just created on the first-run page, offered on the login page. */
  createdUsername: string;
}

export const useBootStore = create<BootState>(() => ({
  phase: 'starting',
  needsSetup: false,
  error: '',
  createdUsername: '',
}));

export function setupCompleted(createdUsername = ''): void {
  useBootStore.setState({ needsSetup: false, createdUsername });
}
