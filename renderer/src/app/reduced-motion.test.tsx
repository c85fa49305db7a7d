import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, expect, test, vi } from 'vitest';
import { AppProviders } from './providers';

function fakeMotionSetting(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return matches;
    },
    media: '(prefers-reduced-motion: reduce)',
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    query.includes('prefers-reduced-motion')
      ? (list as unknown as MediaQueryList)
      : ({ matches: false, addEventListener() {}, removeEventListener() {} } as unknown as MediaQueryList),
  );
  return (next: boolean) => {
    matches = next;
    listeners.forEach((listener) => listener());
  };
}

function MotionProbe() {
  const { token } = theme.useToken();
  return <span>{token.motion ? '有动画' : '无动画'}</span>;
}

afterEach(() => vi.restoreAllMocks());

test('menus and dialogs stop animating when the system asks for less motion, and start again when it no longer does', () => {
  const change = fakeMotionSetting(true);
  render(
    <AppProviders>
      <MotionProbe />
    </AppProviders>,
  );
  expect(screen.getByText('无动画')).toBeInTheDocument();
  act(() => change(false));
  expect(screen.getByText('有动画')).toBeInTheDocument();
});
