import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { App, Spin } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useBootStore } from '../stores/boot';
import { boot } from './boot';
import { documentTitleFor } from './document-title';
import { standalonePaths } from './routes';

// Kept out of the start-up code: most starts never fail.
const BootFailedScreen = lazy(() =>
  import('./boot-failed-screen').then((module) => ({ default: module.BootFailedScreen })),
);

/** Screens that work whatever the state of the server: the connection can be fixed from there. */
const reachableWhileFailed = new Set<string>([standalonePaths.connection]);

/**
 * The root of every screen: starts the app (boot.ts), keeps the window title, and sends every screen to the
 * first-run setup while no account exists.
 */
export function AppRoot() {
  const { phase, needsSetup, error } = useBootStore();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const started = useRef(false);

  const start = useCallback(() => {
    void boot().then(({ notice }) => {
      if (notice) message.warning(notice);
    });
  }, [message]);

  useEffect(() => {
    // Once per app run (StrictMode mounts twice in development).
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);

  useEffect(() => {
    document.title = documentTitleFor(pathname);
  }, [pathname]);

  if (reachableWhileFailed.has(pathname)) return <Outlet />;
  if (phase === 'starting') {
    return (
      <main className="standalone-screen">
        <Spin size="large" description="正在启动…" />
      </main>
    );
  }
  if (phase === 'failed') {
    return (
      <Suspense fallback={<main className="standalone-screen">{error}</main>}>
        <BootFailedScreen error={error} onRetry={start} onOpenConnection={() => navigate(standalonePaths.connection)} />
      </Suspense>
    );
  }
  if (needsSetup && pathname !== standalonePaths.setup) return <Navigate to={standalonePaths.setup} replace />;
  if (!needsSetup && pathname === standalonePaths.setup) return <Navigate to={standalonePaths.login} replace />;
  return <Outlet />;
}
