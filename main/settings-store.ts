import type { ConnectionSettings, UiSettings } from '../contract/desktop-api';
import { readConnectionSettings, readUiSettings } from '../contract/desktop-schemas';
import type { KeyValueStore } from './token-store';
import { readWindowState, type SavedWindowState } from './window-state';

export const settingsKeys = {
  ui: 'ui',
  connection: 'connection',
  window: 'window',
  overdueNotifiedOn: 'overdueNotifiedOn',
} as const;

export interface SettingsStore {
  getUi(): UiSettings;
  patchUi(patch: Partial<UiSettings>): UiSettings;
  getConnection(): ConnectionSettings;
  setConnection(settings: ConnectionSettings): ConnectionSettings;
  /** The main window's size, position and maximised state at the last close; null before the first. */
  getWindowState(): SavedWindowState | null;
  setWindowState(state: SavedWindowState): void;
  /** The day (`YYYY-MM-DD`, this PC's date) the overdue notification was last shown; null before the first. */
  getOverdueNotifiedOn(): string | null;
  setOverdueNotifiedOn(day: string): void;
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
    getOverdueNotifiedOn() {
      const day = store.get(settingsKeys.overdueNotifiedOn);
      return typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null;
    },
    setOverdueNotifiedOn(day) {
      store.set(settingsKeys.overdueNotifiedOn, day);
    },
  };
}
