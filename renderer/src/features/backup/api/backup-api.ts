import { queryOptions } from '@tanstack/react-query';
import { backupEndpoints, type BackupRestoreAnswer, type BackupRun } from '../../../../../contract/backup';
import { call } from '../../../api/call';
import { getApiBase } from '../../../api/http-client';
import { queryKeys } from '../../../api/query-keys';

export const backupQueryKey = queryKeys.backup;

export const backupStatusQuery = () =>
  queryOptions({
    queryKey: [...backupQueryKey, 'status'] as const,
    queryFn: ({ signal }) => call(backupEndpoints.status, {}, { signal }),
  });

export const backupListQuery = () =>
  queryOptions({
    queryKey: [...backupQueryKey, 'list'] as const,
    queryFn: async ({ signal }) => (await call(backupEndpoints.list, {}, { signal })).data,
  });

export const startBackup = (): Promise<BackupRun> => call(backupEndpoints.run, {}, { successToast: false });

/** Polled silently: a failure is shown from the run's own `error`. */
export const backupProgress = (id: string): Promise<BackupRun> =>
  call(backupEndpoints.progress, { params: { id } }, { silent: true });

export const restoreBackup = (name: string): Promise<BackupRestoreAnswer> =>
  call(backupEndpoints.restore, { body: { name } });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After a restore the server closes, switches and listens again (on the same address): answers once it
 * answers /api/health again after having gone away (or after a minute and a half, whichever first).
 */
export const waitForRestart = async (): Promise<boolean> => {
  const health = `${getApiBase()}/api/health`;
  const answers = async () => {
    try {
      return (await fetch(health, { cache: 'no-store' })).ok;
    } catch {
      return false;
    }
  };
  let wentAway = false;
  for (let tries = 0; tries < 180; tries += 1) {
    const up = await answers();
    if (!up) wentAway = true;
    else if (wentAway || tries >= 6) return true;
    await pause(500);
  }
  return false;
};
