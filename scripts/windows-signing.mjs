// How `npm run dist` signs the Windows installer, chosen from the environment (issue 19, point 2).
// electron-builder.yml `extends` this file, so electron-builder itself reads the result, and
// scripts/check-dist.mjs reads the same answer to say before the build what it will be.
//
// The publisher name written here ends up in the installed app's resources/app-update.yml, and
// main/updater.ts installs an update by itself only when the new installer's Authenticode signature names
// that publisher. A build without one is unsigned: it never installs an update by itself.
import { spawnSync } from 'node:child_process';

/** The environment variables an office sets before `npm run dist` (README). */
export const signingEnv = {
  /** The certificate's subject, e.g. `CN=某某进出口有限公司, O=某某进出口有限公司, C=CN`. */
  publisher: 'WIN_PUBLISHER_NAME',
  /** A certificate in the Windows store (a hardware token's certificate shows there): its SHA-1 thumbprint. */
  storeSha1: 'WIN_CSC_SHA1',
  /** …or its subject name, as signtool's /n takes it. */
  storeSubject: 'WIN_CSC_SUBJECT',
  /** Any command that signs one file in place; the file's path is appended (a cloud key's own tool). */
  command: 'WIN_SIGN_COMMAND',
  azureEndpoint: 'AZURE_SIGN_ENDPOINT',
  azureAccount: 'AZURE_SIGN_ACCOUNT',
  azureProfile: 'AZURE_SIGN_PROFILE',
};

/** electron-builder's own: a .pfx file (or its base64) and its password. */
const pfxLink = (env) => env.WIN_CSC_LINK || env.CSC_LINK;

// Authenticode with SHA-1 is refused by current Windows; one SHA-256 signature, timestamped.
const sha256Only = ['sha256'];

/**
 * The signing an environment asks for: `method` (`none` when unsigned), the electron-builder configuration
 * that does it, the publisher the app will carry (null when electron-builder reads it from a .pfx or the
 * store), and `problems` (Chinese, for the person building) when the settings are incomplete.
 */
export function windowsSigning(env) {
  const value = (name) => (env[name] ?? '').trim();
  const publisher = value(signingEnv.publisher);
  const azure = [signingEnv.azureEndpoint, signingEnv.azureAccount, signingEnv.azureProfile];
  const chosen = [
    azure.some((name) => value(name)) && 'azure',
    value(signingEnv.command) && 'command',
    (value(signingEnv.storeSha1) || value(signingEnv.storeSubject)) && 'certificate-store',
    pfxLink(env) && 'pfx',
  ].filter(Boolean);
  const problems = [];
  if (chosen.length > 1) problems.push(`签名方式只能选一种，现在同时设置了：${chosen.join('、')}。`);
  const method = chosen[0] ?? 'none';
  const needPublisher = () => {
    if (!publisher)
      problems.push(
        `使用 ${method} 签名时必须设置 ${signingEnv.publisher}（证书的主题，例如 CN=某某进出口有限公司），否则装好的程序无法核对更新的签名。`,
      );
  };

  const withPublisher = publisher ? { publisherName: publisher } : {};
  let win = {};
  if (method === 'azure') {
    for (const name of azure) if (!value(name)) problems.push(`使用 Azure Trusted Signing 时必须设置 ${name}。`);
    needPublisher();
    win = {
      azureSignOptions: {
        publisherName: publisher,
        endpoint: value(signingEnv.azureEndpoint),
        codeSigningAccountName: value(signingEnv.azureAccount),
        certificateProfileName: value(signingEnv.azureProfile),
      },
    };
  } else if (method === 'command') {
    needPublisher();
    win = {
      signtoolOptions: { sign: './scripts/sign-windows.mjs', signingHashAlgorithms: sha256Only, ...withPublisher },
    };
  } else if (method === 'certificate-store') {
    const sha1 = value(signingEnv.storeSha1);
    win = {
      signtoolOptions: {
        ...(sha1 ? { certificateSha1: sha1 } : { certificateSubjectName: value(signingEnv.storeSubject) }),
        signingHashAlgorithms: sha256Only,
        ...withPublisher,
      },
    };
  } else if (method === 'pfx') {
    if (!env.WIN_CSC_KEY_PASSWORD && !env.CSC_KEY_PASSWORD)
      problems.push('使用 .pfx 证书签名时必须同时设置 CSC_KEY_PASSWORD。');
    win = { signtoolOptions: { signingHashAlgorithms: sha256Only, ...withPublisher } };
  }
  return { method, config: method === 'none' ? {} : { win }, publisher: publisher || null, problems };
}

/** Runs the office's own signing command on one file (electron-builder's custom `sign` hook). */
export function signWithCommand(file, env = process.env, run = spawnSync) {
  const command = (env[signingEnv.command] ?? '').trim();
  // The path is electron-builder's own output path; quoted so spaces in it survive the shell.
  const result = run(`${command} "${file}"`, { shell: true, stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${signingEnv.command} 签名 ${file} 失败（退出码 ${result.status}）`);
}

/** electron-builder.yml `extends` this: the signing part of the configuration. */
export default function windowsSigningConfig() {
  const { config, problems } = windowsSigning(process.env);
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return config;
}
