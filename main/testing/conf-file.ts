import Conf from 'conf';

/** electron-store is Conf rooted in Electron's user data folder; tests open Conf on a temporary folder. */
export function openConfFile(dir: string, name: string) {
  return new Conf<Record<string, unknown>>({ cwd: dir, configName: name, projectName: 'test' });
}
