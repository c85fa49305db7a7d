export type PrepareResult = { ok: true; binary: string; downloaded: boolean } | { ok: false };

export function findElectronBinary(projectDir: string): string | null;
export function installElectronBinary(projectDir: string, log?: (message: string) => void): boolean;
export function prepareElectron(options: {
  findBinary: () => string | null;
  install: () => boolean;
  log?: (message: string) => void;
}): PrepareResult;
export const electronMessages: { mirrorHint: string };
