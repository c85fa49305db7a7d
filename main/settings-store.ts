import type { ConnectionSettings, UiSettings } from '../contract/desktop-api';
import { readConnectionSettings, readUiSettings } from '../contract/desktop-schemas';
import type { KeyValueStore } from './token-store';
import { readWindowState, type SavedWindowState } from './window-state';

export const settingsKeys = { ui: 'ui', connection: 'connection', window: 'window' } as const;

export interface SettingsStore {
  getUi(): UiSettings;
  patchUi(patch: Partial<UiSettings>): UiSettings;
  getConnection(): ConnectionSettings;
  setConnection(settings: ConnectionSettings): ConnectionSettings;
  /** The main window's size, position and maximised state at the last close; null before the first. */
  getWindowState(): SavedWindowState | null;
  setWindowState(state: SavedWindowState): void;
}

/** Interface choices and the connection, in electron-store; read leniently so a bad file means defaults. */
export function createSettingsStore(store: KeyValueStore): SettingsStore {
  return {
    getUi: () => readUiSettings(store.get(settingsKeys.ui)),
    patchUi(patch) {
      const next = { ...readUiSettings(store.get(settingsKeys.ui)), ...patch };
      store.set(settingsKeys.ui, next);
      return next;
    },
    getConnection: () => readConnectionSettings(store.get(settingsKeys.connection)),
    setConnection(settings) {
      const next = { mode: settings.mode, officeUrl: settings.officeUrl };
      store.set(settingsKeys.connection, next);
      return next;
    },
    getWindowState: () => readWindowState(store.get(settingsKeys.window)),
    setWindowState(state) {
      store.set(settingsKeys.window, state);
    },
  };
}
