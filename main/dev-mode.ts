/**
 * What a developer may do that an installed app never does. A packaged app (`app.isPackaged`) ignores
 * `VITE_DEV_SERVER_URL` (anyone who can set an environment variable on the clerk's PC could otherwise
 * point the window, with the bridge and the token, at a page of their own) and has no developer tools
 * (they would let anyone at the PC run script in the page, with the session's token).
 */
export interface DevMode {
  /** The vite dev server the window loads instead of `app://renderer`; never set in a packaged app. */
  devServerUrl: string | undefined;
  /** Whether the developer tools can be opened at all (`webPreferences.devTools`) and the menu offers them. */
  devTools: boolean;
}

export function devModeFor(isPackaged: boolean, env: Record<string, string | undefined>): DevMode {
  if (isPackaged) return { devServerUrl: undefined, devTools: false };
  return { devServerUrl: env.VITE_DEV_SERVER_URL || undefined, devTools: true };
}
