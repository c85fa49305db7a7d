import { App, ColorPicker, Drawer, Switch, Typography } from 'antd';
import type { UiSettings } from '../../../contract/desktop-api';
import { useLayoutStore } from '../stores/layout';
import { desktop } from '../platform/desktop';
import { updateSettings, useSettingsStore } from '../stores/settings';
import { ExportFolderSetting } from './export-folder-setting';

/** Colours offered next to the free picker; the first is the spec's default. */
export const THEME_PRESETS = ['#409EFF', '#1890FF', '#304156', '#212121', '#11A983', '#13C2C2', '#6959CD', '#F5222D'];

type SwitchKey = 'tagsView' | 'fixedHeader' | 'sidebarLogo';

const switches: { key: SwitchKey; label: string }[] = [
  { key: 'tagsView', label: '开启标签栏' },
  { key: 'fixedHeader', label: '固定头部' },
  { key: 'sidebarLogo', label: '侧边栏标志' },
];

/** 系统布局设置: remembered through desktop.settings, so they survive logout and restarts. */
export function SettingsDrawer() {
  const open = useLayoutStore((state) => state.settingsOpen);
  const setOpen = useLayoutStore((state) => state.setSettingsOpen);
  const settings = useSettingsStore((state) => state.settings);
  const { message } = App.useApp();

  const change = (patch: Partial<UiSettings>) => {
    updateSettings(patch).catch((error: unknown) =>
      message.error(error instanceof Error ? error.message : '设置保存失败'),
    );
  };

  return (
    <Drawer title="系统布局设置" open={open} onClose={() => setOpen(false)} size={300}>
      <div className="settings-list">
        <div className="settings-row">
          <Typography.Text>主题色</Typography.Text>
          <ColorPicker
            aria-label="主题色"
            value={settings.themeColor}
            disabledAlpha
            presets={[{ label: '推荐颜色', colors: THEME_PRESETS }]}
            onChangeComplete={(color) => change({ themeColor: color.toHexString().toUpperCase() })}
          />
        </div>
        {switches.map(({ key, label }) => (
          <div className="settings-row" key={key}>
            <Typography.Text id={`setting-${key}`}>{label}</Typography.Text>
            <Switch
              aria-labelledby={`setting-${key}`}
              checked={settings[key]}
              onChange={(checked) => change({ [key]: checked })}
            />
          </div>
        ))}
      </div>
      {desktop.kind === 'electron' && <ExportFolderSetting />}
    </Drawer>
  );
}
