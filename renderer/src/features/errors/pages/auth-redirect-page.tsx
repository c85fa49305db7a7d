import { useEffect, useState } from 'react';
import { Result } from 'antd';

/** Where the opener window reads the code of a third-party authorisation. */
export const AUTH_CODE_KEY = 'vehicle-export.auth-code';

/**
 * /auth-redirect: the end of a third-party authorisation opened in a pop-up. It keeps its query string as
 * the authorisation code for the window that opened it, then closes itself.
 */
export function AuthRedirectPage() {
  const [stillOpen, setStillOpen] = useState(false);
  useEffect(() => {
    window.localStorage.setItem(AUTH_CODE_KEY, window.location.search.slice(1));
    window.close();
    // A window the script did not open stays open: tell the clerk instead of showing nothing.
    const timer = setTimeout(() => setStillOpen(!window.closed), 300);
    return () => clearTimeout(timer);
  }, []);
  if (!stillOpen) return null;
  return (
    <main className="standalone-screen">
      <Result status="success" title="授权完成" subTitle="可以关闭此窗口了。" />
    </main>
  );
}
