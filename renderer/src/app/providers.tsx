import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { queryClient as appQueryClient } from '../api/query-client';
import { useSettingsStore } from '../stores/settings';
import { componentSizeFor } from './component-size';
import { ShellNoticeBanner } from '../platform/shell-notice-banner';
import { HttpFeedbackBridge } from './http-feedback-bridge';
import { usePrefersReducedMotion } from './reduced-motion';
import { clearable } from '../components/clearable';

dayjs.locale('zh-cn');

/**
 * A form field's message that is no longer true goes at once. antd fades a replaced message out and keeps
 * it in the page (and in what a screen reader reads for the field) for up to half a second, so a
 * corrected amount still said 格式不正确 under 请输入… (issue 24). The new message still fades in.
 */
const formMessageStyle = '.ant-form-item-explain .ant-form-show-help-item-leave { display: none; }';

/** Locale, theme colour, motion as the system asks, component size, the antd App context the HTTP client speaks through, server state. */
export function AppProviders({
  children,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const themeColor = useSettingsStore((state) => state.settings.themeColor);
  const size = useSettingsStore((state) => state.settings.size);
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={zhCN}
      componentSize={componentSizeFor[size]}
      theme={{ token: { colorPrimary: themeColor, motion: !reducedMotion } }}
      // Date pickers are clearable by default, so naming their icon here adds no clear button anywhere:
      // the button says 清除 (zh_CN) and its icon no longer says close-circle. Other boxes: components/clearable.tsx.
      datePicker={{ allowClear: clearable }}
    >
      <style href="app-form-messages" precedence="default">
        {formMessageStyle}
      </style>
      <AntdApp>
        <HttpFeedbackBridge />
        {/* After the embedded server's restart, the lists that failed meanwhile load again. */}
        <ShellNoticeBanner onServerBack={() => void queryClient.invalidateQueries()} />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
