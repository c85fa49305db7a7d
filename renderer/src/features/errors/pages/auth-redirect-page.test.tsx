import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen } from '@testing-library/react';
import { renderInApp } from '../../../testing/render-app';
import { AUTH_CODE_KEY, AuthRedirectPage } from './auth-redirect-page';

configure({ asyncUtilTimeout: 4000 });

/** The app runs on a browser router: the page reads the address bar, which is set here as the browser would. */
function openAt(address: string) {
  window.history.replaceState(null, '', address);
  return renderInApp(<AuthRedirectPage />, { path: '/auth-redirect', initialEntries: [address] });
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'closed');
  window.history.replaceState(null, '', '/');
});

describe('/auth-redirect', () => {
  it('hands its query string to the opener under AUTH_CODE_KEY and closes itself', async () => {
    // A pop-up the app opened really closes.
    const close = vi.spyOn(window, 'close').mockImplementation(() => {
      Object.defineProperty(window, 'closed', { value: true, configurable: true });
    });
    openAt('/auth-redirect?code=4%2F0Ab&state=xyz');
    expect(close).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(AUTH_CODE_KEY)).toBe('code=4%2F0Ab&state=xyz');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByText('授权完成')).not.toBeInTheDocument();
  });

  it('tells the clerk to close a window the script could not close', async () => {
    vi.spyOn(window, 'close').mockImplementation(() => undefined);
    openAt('/auth-redirect?code=abc');
    expect(await screen.findByText('授权完成')).toBeInTheDocument();
    expect(screen.getByText('可以关闭此窗口了。')).toBeInTheDocument();
    expect(window.localStorage.getItem(AUTH_CODE_KEY)).toBe('code=abc');
  });

  it('stores an empty code when it came back without one', () => {
    vi.spyOn(window, 'close').mockImplementation(() => undefined);
    window.localStorage.setItem(AUTH_CODE_KEY, 'code=old');
    openAt('/auth-redirect');
    expect(window.localStorage.getItem(AUTH_CODE_KEY)).toBe('');
  });
});
