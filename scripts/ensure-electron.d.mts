export const distMessages: { binaryMissing: string; ready: (binary: string) => string };

export function ensureElectron(options: {
  findBinary: () => string | null;
  install: () => boolean;
  print: (message: string) => void;
  printError: (message: string) => void;
}): number;
