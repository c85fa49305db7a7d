export const signingEnv: {
  publisher: string;
  storeSha1: string;
  storeSubject: string;
  command: string;
  azureEndpoint: string;
  azureAccount: string;
  azureProfile: string;
};

export type SigningMethod = 'none' | 'pfx' | 'certificate-store' | 'command' | 'azure';

export function windowsSigning(env: Record<string, string | undefined>): {
  method: SigningMethod;
  config: { win?: Record<string, unknown> };
  publisher: string | null;
  problems: string[];
};

export function signWithCommand(
  file: string,
  env?: Record<string, string | undefined>,
  run?: (command: string, options: { shell: true; stdio: 'inherit' }) => { status: number | null; error?: Error },
): void;

export default function windowsSigningConfig(): { win?: Record<string, unknown> };
