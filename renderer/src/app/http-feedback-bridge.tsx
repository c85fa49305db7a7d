import { useLayoutEffect } from 'react';
import { App } from 'antd';
import { ERROR_TOAST_SECONDS, httpMessages, setHttpFeedback } from '../api/http-client';

/**
 * Gives the HTTP client antd's context-aware message and modal (they follow the theme colour and size),
 * before any screen can make a call: layout effects run before the screens' effects.
 */
export function HttpFeedbackBridge() {
  const { message, modal } = App.useApp();
  useLayoutEffect(
    () =>
      setHttpFeedback({
        deleted: (text) => void message.success(text),
        error: (text) => void message.error({ content: text, duration: ERROR_TOAST_SECONDS }),
        sessionEnded: (text, confirm) => {
          modal.error({
            title: httpMessages.authTitle,
            content: text,
            okText: httpMessages.authConfirm,
            closable: false,
            keyboard: false,
            mask: { closable: false },
            onOk: confirm,
          });
        },
      }),
    [message, modal],
  );
  return null;
}
