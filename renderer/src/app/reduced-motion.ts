import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

/**
 * Whether the clerk's system asks for less motion (Windows: 设置 > 辅助功能 > 视觉效果 > 动画效果).
 * antd's menus, dialogs and drawers then open at once instead of sliding or zooming; a menu that is
 * still moving is also where a quick click lands on the item next to the one aimed at.
 */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
