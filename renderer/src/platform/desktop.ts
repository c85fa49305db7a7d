import type { DesktopApi } from '../../../contract/desktop-api';
import { createWebDesktop } from './web-desktop';

declare global {
  interface Window {
    /** Exposed by Electron's preload (contextBridge); absent in a plain browser. */
    desktop?: DesktopApi;
  }
}

/** The one door from the renderer to its host: Electron's bridge when present, the browser flavour otherwise. */
export const desktop: DesktopApi =
  typeof window !== 'undefined' && window.desktop ? window.desktop : createWebDesktop();
