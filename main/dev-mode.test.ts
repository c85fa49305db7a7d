import { describe, expect, it } from 'vitest';
import { devModeFor } from './dev-mode';

describe('developer mode', () => {
  const env = { VITE_DEV_SERVER_URL: 'http://localhost:5173/' };

  it('loads the vite dev server and offers the developer tools to a developer', () => {
    expect(devModeFor(false, env)).toEqual({ devServerUrl: 'http://localhost:5173/', devTools: true });
    expect(devModeFor(false, {})).toEqual({ devServerUrl: undefined, devTools: true });
  });

  it('ignores VITE_DEV_SERVER_URL and has no developer tools in an installed (packaged) app', () => {
    expect(devModeFor(true, env)).toEqual({ devServerUrl: undefined, devTools: false });
  });
});
