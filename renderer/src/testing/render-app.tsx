import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../api/query-client';

/** Shows where the app went, for tests that follow a navigation. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

export interface RenderAppOptions {
  /** The route pattern the element answers (default: the first entry's pathname). */
  path?: string;
  initialEntries?: string[];
  routes?: RouteObject[];
}

/**
 * Renders a screen inside the app's real providers (zh_CN, theme, antd App, the HTTP client's feedback,
 * a fresh query cache) and a memory router; every other path shows the location probe.
 */
export function renderInApp(element: ReactElement, options: RenderAppOptions = {}) {
  const initialEntries = options.initialEntries ?? ['/'];
  const path = options.path ?? new URL(initialEntries[0] ?? '/', 'http://app').pathname;
  const router = createMemoryRouter(
    [...(options.routes ?? []), { path, element }, { path: '*', element: <LocationProbe /> }],
    { initialEntries },
  );
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, location };
}
