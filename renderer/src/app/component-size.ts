import type { UiSettings } from '../../../contract/desktop-api';

export type AntdSize = 'large' | 'middle' | 'small';

/**
 * The spec's four sizes (Element UI's default/medium/small/mini: 40/36/32/28 px controls) onto antd's
 * three (40/32/24 px): default → large, medium → middle, small → small, mini → small. antd has nothing
 * below small, so mini and small look alike.
 */
export const componentSizeFor: Record<UiSettings['size'], AntdSize> = {
  default: 'large',
  medium: 'middle',
  small: 'small',
  mini: 'small',
};

export const sizeLabels: Record<UiSettings['size'], string> = {
  default: '默认',
  medium: '中等',
  small: '小',
  mini: '迷你',
};
