import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Spin } from 'antd';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AppRoot } from './app-root';
import { GuestOnly, RequireAuth } from './guards';
import { afterLoginPath, flattenRoutes, groupRedirects } from './route-tree';
import { routeRedirects, standalonePaths } from './routes';

/** React.lazy over a named export (the house uses no default exports), for screens outside the table. */
function lazyNamed<TProps extends object>(load: () => Promise<ComponentType<TProps>>) {
  return lazy(async () => ({ default: await load() }));
}

const AppLayout = lazyNamed(() => import('../layout/app-layout').then((module) => module.AppLayout));
const LoginPage = lazyNamed(() => import('../features/auth/pages/login-page').then((module) => module.LoginPage));
const SetupPage = lazyNamed(() => import('../features/auth/pages/setup-page').then((module) => module.SetupPage));
const ConnectionStandalonePage = lazyNamed(() =>
  import('../features/connection/pages/connection-standalone-page').then((module) => module.ConnectionStandalonePage),
);
const AuthRedirectPage = lazyNamed(() =>
  import('../features/errors/pages/auth-redirect-page').then((module) => module.AuthRedirectPage),
);
const NotFoundPage = lazyNamed(() =>
  import('../features/errors/pages/not-found-page').then((module) => module.NotFoundPage),
);
const UnauthorizedPage = lazyNamed(() =>
  import('../features/errors/pages/unauthorized-page').then((module) => module.UnauthorizedPage),
);
const RedirectPage = lazyNamed(() =>
  import('../features/errors/pages/redirect-page').then((module) => module.RedirectPage),
);
const UnderConstructionPage = lazyNamed(() =>
  import('../features/errors/pages/under-construction-page').then((module) => module.UnderConstructionPage),
);
const RouteErrorPage = lazyNamed(() =>
  import('../features/errors/pages/route-error-page').then((module) => module.RouteErrorPage),
);

function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-label="页面加载中">
      <Spin />
    </div>
  );
}

const suspended = (node: ReactNode) => <Suspense fallback={<PageLoading />}>{node}</Suspense>;

/** The route objects of the whole app, built from the one route table (routes.ts). */
export function createAppRoutes(): RouteObject[] {
  const redirects = { ...groupRedirects(), ...routeRedirects };
  const screens: RouteObject[] = flattenRoutes().map(({ route }) => {
    const Page = route.page;
    return {
      path: route.path,
      element: suspended(Page ? <Page /> : <UnderConstructionPage title={route.title} />),
    };
  });

  return [
    {
      element: <AppRoot />,
      errorElement: suspended(<RouteErrorPage />),
      children: [
        {
          element: <GuestOnly />,
          children: [{ path: standalonePaths.login, element: suspended(<LoginPage targetFor={afterLoginPath} />) }],
        },
        { path: standalonePaths.setup, element: suspended(<SetupPage />) },
        { path: standalonePaths.authRedirect, element: suspended(<AuthRedirectPage />) },
        { path: standalonePaths.connection, element: suspended(<ConnectionStandalonePage />) },
        {
          element: <RequireAuth />,
          children: [
            { path: standalonePaths.notFound, element: suspended(<NotFoundPage />) },
            {
              element: suspended(<AppLayout />),
              children: [
                {
                  // Inside the layout: a screen that crashes keeps the sidebar and tags around its error.
                  errorElement: suspended(<RouteErrorPage />),
                  children: [
                    ...Object.entries(redirects).map(([path, to]) => ({
                      path,
                      element: <Navigate to={to} replace />,
                    })),
                    ...screens,
                    { path: `${standalonePaths.redirect}/*`, element: suspended(<RedirectPage />) },
                    { path: standalonePaths.unauthorized, element: suspended(<UnauthorizedPage />) },
                  ],
                },
              ],
            },
            { path: '*', element: <Navigate to={standalonePaths.notFound} replace /> },
          ],
        },
      ],
    },
  ];
}

export const createAppRouter = () => createBrowserRouter(createAppRoutes());
