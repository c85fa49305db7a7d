import { useEffect } from 'react';
import { deviceForWidth, useLayoutStore } from '../stores/layout';

/** Follows the window width: below 992 px the layout is in mobile mode and the sidebar closes. */
export function useDeviceWatch(): void {
  const setDevice = useLayoutStore((state) => state.setDevice);
  useEffect(() => {
    const update = () => setDevice(deviceForWidth(document.body.clientWidth || window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [setDevice]);
}
