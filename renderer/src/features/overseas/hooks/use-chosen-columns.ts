import { useCallback } from 'react';
import { App } from 'antd';
import { updateSettings, useSettingsStore } from '../../../stores/settings';

/**
 * The columns a list shows, remembered between sessions in the desktop settings (`UiSettings.columns`,
 * one entry per table). Undefined means every column.
 */
export function useChosenColumns(tableKey: string): [string[] | undefined, (keys: string[]) => void] {
  const { message } = App.useApp();
  const chosen = useSettingsStore((state) => state.settings.columns[tableKey]);
  const choose = useCallback(
    (keys: string[]) => {
      const columns = { ...useSettingsStore.getState().settings.columns, [tableKey]: keys };
      updateSettings({ columns }).catch((error: unknown) => {
        void message.error(error instanceof Error ? error.message : '设置保存失败');
      });
    },
    [message, tableKey],
  );
  return [chosen, choose];
}
