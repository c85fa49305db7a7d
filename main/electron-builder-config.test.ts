import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { describe, expect, it } from 'vitest';

/**
 * electron-builder.yml as the installed electron-builder reads it: its own loader, then its own schema
 * (which refuses a misspelled option, a fuse name included). The fuses themselves are flipped only in a
 * packaged binary, which cannot be built here; that they are asked for is what this test keeps.
 */
const projectDir = process.cwd();
const quietLogger = { isEnabled: false } as Parameters<typeof validateConfiguration>[1];

const loadBuilderConfig = () => getConfig(projectDir, 'electron-builder.yml', null);

describe('electron-builder.yml', () => {
  // The schema is compiled on first use: seconds on a busy machine.
  it('passes electron-builder’s own schema check', { timeout: 60_000 }, async () => {
    const config = await loadBuilderConfig();
    await expect(validateConfiguration(config, quietLogger)).resolves.toBeUndefined();
  });

  it('would refuse a misspelled fuse (so the check above means something)', { timeout: 60_000 }, async () => {
    const config = await loadBuilderConfig();
    await expect(
      validateConfiguration({ ...config, electronFuses: { runAsNod: false } as never }, quietLogger),
    ).rejects.toThrow(/electronFuses/);
  });

  it('flips every fuse Electron’s security checklist asks for, each the safe way', async () => {
    const { electronFuses } = await loadBuilderConfig();
    // Every fuse named, none left to Electron's default (which for most of them is the unsafe one).
    expect(electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs the app into an asar archive (the integrity fuse and only-from-asar need one)', async () => {
    const config = await loadBuilderConfig();
    expect(config.asar ?? true).not.toBe(false);
  });
});
