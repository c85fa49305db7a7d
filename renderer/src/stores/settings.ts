import { create } from 'zustand';
import { defaultUiSettings, type UiSettings } from '../../../contract/desktop-api';
import { desktop } from '../platform/desktop';

interface SettingsState {
  settings: UiSettings;
  loaded: boolean;
}

export const useSettingsStore = create<SettingsState>(() => ({
  settings: { ...defaultUiSettings, columns: {} },
  loaded: false,
}));

/** Reads the remembered interface choices (desktop.settings: electron-store, or localStorage in a browser). */
export async function loadSettings(): Promise<UiSettings> {
  try {
    const settings = await desktop.settings.get();
    useSettingsStore.setState({ settings, loaded: true });
    return settings;
  } catch {
    // Unreadable settings must never keep the app from starting: the defaults will do.
    useSettingsStore.setState({ loaded: true });
    return useSettingsStore.getState().settings;
  }
}

/**
 * Applies a change at once (the screen reacts immediately) and persists it; a refused change is rolled back
 * and its message rethrown for the caller to show.
 */
export async function updateSettings(patch: Partial<UiSettings>): Promise<void> {
  const before = useSettingsStore.getState().settings;
  useSettingsStore.setState({ settings: { ...before, ...patch } });
  try {
    const saved = await desktop.settings.set(patch);
    useSettingsStore.setState({ settings: saved });
  } catch (error) {
    useSettingsStore.setState({ settings: before });
    throw error;
  }
}
