export const startMessages: { binaryMissing: string; buildFailed: string };

export function startDesktop(options: {
  findBinary: () => string | null;
  install: () => boolean;
  build: () => boolean;
  launch: (binary: string) => Promise<number> | number;
  print: (message: string) => void;
  printError: (message: string) => void;
}): Promise<number>;
