import { create } from 'zustand';

/** Below this body width the layout switches to mobile mode (spec part 1, section 9). */
export const MOBILE_BREAKPOINT = 992;

export type Device = 'desktop' | 'mobile';

interface LayoutState {
  device: Device;
  /** Desktop: the sidebar is folded to icons. Mobile: the drawer is closed. */
  sidebarCollapsed: boolean;
  mobileMenuOpen: boolean;
  settingsOpen: boolean;
  toggleSidebar(): void;
  setDevice(device: Device): void;
  closeMobileMenu(): void;
  setSettingsOpen(open: boolean): void;
}

export const deviceForWidth = (width: number): Device => (width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop');

export const useLayoutStore = create<LayoutState>((set) => ({
  device: typeof window === 'undefined' ? 'desktop' : deviceForWidth(document.body?.clientWidth || window.innerWidth),
  sidebarCollapsed: false,
  mobileMenuOpen: false,
  settingsOpen: false,
  toggleSidebar: () =>
    set(({ device, sidebarCollapsed, mobileMenuOpen }) =>
      device === 'mobile' ? { mobileMenuOpen: !mobileMenuOpen } : { sidebarCollapsed: !sidebarCollapsed },
    ),
  // Entering mobile mode closes the sidebar (spec part 1, section 2).
  setDevice: (device) => set((state) => (state.device === device ? state : { device, mobileMenuOpen: false })),
  closeMobileMenu: () => set({ mobileMenuOpen: false }),
  setSettingsOpen: (settingsOpen) => set({ settingsOpen }),
}));
