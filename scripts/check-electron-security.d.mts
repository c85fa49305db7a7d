export const reviewedFindings: { id: string; file: string; why: string }[];

interface Finding {
  id: string;
  file: string;
  description: string;
  location: { line: number; column: number };
}

export function checkElectronSecurity(appDir?: string): Promise<{
  electronVersion: string;
  issues: Finding[];
  parseErrors: string[];
  unreviewed: Finding[];
}>;
