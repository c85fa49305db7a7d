/**
 * The clear button of a box (antd's `allowClear`), announced in Chinese. antd names it from its icon
 * ("close-circle") in an Input and "Clear" in a Select (@rc-component/select's default label), and no
 * locale changes either. A ConfigProvider `input` / `select` `allowClear` object would relabel it for
 * the whole app but also give a clear button to every box that did not ask for one, so each box that
 * is clearable says `allowClear={clearable}`. Date pickers are clearable by default: their icon is set
 * once in app/providers.tsx (their button is already labelled 清除 by the zh_CN locale).
 */
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { CloseCircleFilled } from '@ant-design/icons';

export const CLEAR_LABEL = '清除';

/** antd's own icon, named 清除 (an Input's button takes its name from it). */
export const clearIcon = <CloseCircleFilled aria-label={CLEAR_LABEL} />;

/** `allowClear` of an Input, TextArea, Select or AutoComplete: `label` is a Select's button's name. */
export const clearable: { clearIcon: typeof clearIcon; label: string } = { clearIcon, label: CLEAR_LABEL };

/**
 * Around an antd component whose own boxes are clearable and not reachable by props (Transfer's search
 * boxes): their clear buttons say 清除 too. Every Input inside it becomes clearable, so it wraps only a
 * component whose boxes all are.
 */
export function ClearableInputs({ children }: { children: ReactNode }) {
  return <ConfigProvider input={{ allowClear: clearable }}>{children}</ConfigProvider>;
}
