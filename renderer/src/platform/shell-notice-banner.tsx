import { useEffect, useRef, useState } from 'react';
import { Alert } from 'antd';
import { shellNoticeMessages, type DesktopApi, type ShellNotice } from '../../../contract/desktop-api';
import { desktop } from './desktop';

/**
 * What the desktop shell says about itself, above every screen: the page was reloaded after a crash
 * (until the clerk closes it), or the embedded server is restarting or gave up (until it answers again).
 * The browser has no such notice, and nothing is shown.
 */
export function ShellNoticeBanner({
  shell = desktop.app,
  onServerBack,
}: {
  shell?: DesktopApi['app'];
  /** The embedded server answers again after a restart: what failed meanwhile may be asked again. */
  onServerBack?: () => void;
}) {
  const [pageReloaded, setPageReloaded] = useState(false);
  const [server, setServer] = useState<ShellNotice['server']>(null);
  const serverBefore = useRef<ShellNotice['server']>(null);

  useEffect(() => {
    if (serverBefore.current?.state === 'restarting' && !server) onServerBack?.();
    serverBefore.current = server;
  }, [server, onServerBack]);

  useEffect(() => {
    let current = true;
    /** A change heard before the first read answered is newer than that answer. */
    let heard = false;
    const stop = shell.onNotice((notice) => {
      heard = true;
      setServer(notice.server);
    });
    void shell.notice().then((notice) => {
      // Read once: main forgets the reload when it is read, so keep it even if StrictMode re-runs this.
      if (notice.pageReloaded) setPageReloaded(true);
      if (current && !heard) setServer(notice.server);
    });
    return () => {
      current = false;
      stop();
    };
  }, [shell]);

  if (!pageReloaded && !server) return null;
  return (
    <div className="shell-notice" role="status" style={bannerStyle}>
      {server ? (
        <Alert banner showIcon type={server.state === 'failed' ? 'error' : 'warning'} title={server.message} />
      ) : null}
      {pageReloaded ? (
        <Alert
          banner
          showIcon
          closable={{ 'aria-label': '关闭', onClose: () => setPageReloaded(false) }}
          type="warning"
          title={shellNoticeMessages.pageReloaded}
        />
      ) : null}
    </div>
  );
}

/** Above the header, in the middle, over the page rather than pushing the whole layout down. */
const bannerStyle = {
  position: 'fixed',
  top: 8,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 2000,
  width: 'min(720px, calc(100% - 32px))',
  boxShadow: '0 6px 16px rgba(0, 0, 0, 0.12)',
  borderRadius: 6,
  overflow: 'hidden',
} as const;
