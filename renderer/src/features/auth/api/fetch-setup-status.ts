import { queryOptions } from '@tanstack/react-query';
import { authEndpoints, type SetupStatus } from '../../../../../contract/auth';
import { call } from '../../../api/call';
import { queryKeys } from '../../../api/query-keys';

/** Whether the first administrator must still be created. Silent: the start screen reports failures itself. */
export const fetchSetupStatus = (options?: { signal?: AbortSignal }): Promise<SetupStatus> =>
  call(authEndpoints.setupStatus, {}, { silent: true, signal: options?.signal });

export const setupStatusQuery = () =>
  queryOptions({ queryKey: queryKeys.setupStatus, queryFn: ({ signal }) => fetchSetupStatus({ signal }) });
