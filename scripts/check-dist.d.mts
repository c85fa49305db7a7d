export const WINDOWS_LIBSQL: string;

export const distCheckMessages: {
  libsqlMissing: string;
  unsigned: string;
  signed: (method: string, publisher: string | null) => string;
  signingProblems: (problems: string[]) => string;
};

export function checkDist(options: {
  projectDir: string;
  env: Record<string, string | undefined>;
  print: (message: string) => void;
  printError: (message: string) => void;
}): number;
