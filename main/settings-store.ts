import type { ConnectionSettings, UiSettings } from '../contract/desktop-api';
import { readConnectionSettings, readUiSettings } from '../contract/desktop-schemas';
import type { KeyValueStore } from './token-store';

export const settingsKeys = { ui: 'ui', connection: 'connection' } as const;

export interface SettingsStore {
  getUi(): UiSettings;
  patchUi(patch: Partial<UiSettings>): UiSettings;
  getConnection(): ConnectionSettings;
  setConnection(settings: ConnectionSettings): ConnectionSettings;
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
  };
}
