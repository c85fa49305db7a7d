import { create } from 'zustand';

export type BootPhase = 'starting' | 'ready' | 'failed';

interface BootState {
  phase: BootPhase;
  /** No account exists yet: every screen leads to the first-run 创建管理员 page. */
  needsSetup: boolean;
  /** Why the app could not start (server unreachable, embedded server failed). */
  error: string;
}

export const useBootStore = create<BootState>(() => ({ phase: 'starting', needsSetup: false, error: '' }));

export function setupCompleted(): void {
  useBootStore.setState({ needsSetup: false });
}
