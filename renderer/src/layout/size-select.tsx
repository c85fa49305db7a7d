import { App, Dropdown } from 'antd';
import { FontSizeOutlined } from '@ant-design/icons';
import type { UiSettings } from '../../../contract/desktop-api';
import { sizeLabels } from '../app/component-size';
import { updateSettings, useSettingsStore } from '../stores/settings';

const sizes = Object.keys(sizeLabels) as UiSettings['size'][];

/** 布局大小: the four sizes of the spec (mapped onto antd's in app/component-size.ts). */
export function SizeSelect() {
  const size = useSettingsStore((state) => state.settings.size);
  const { message } = App.useApp();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: sizes.map((key) => ({ key, label: sizeLabels[key] })),
        onClick: ({ key }) => {
          updateSettings({ size: key as UiSettings['size'] })
            .then(() => message.success('布局大小已切换'))
            .catch((error: unknown) => message.error(error instanceof Error ? error.message : '设置保存失败'));
        },
      }}
    >
      {/* A native title, not a Tooltip: a tooltip would cover the menu it opens. */}
      <button type="button" className="nav-icon-button" aria-label="布局大小" title="布局大小">
        <FontSizeOutlined />
      </button>
    </Dropdown>
  );
}
