import { useQuery } from '@tanstack/react-query';
import {
  type Plate,
  type PlateAddBodyInput,
  type PlateEditBodyInput,
  type RegistryStage,
  registryEndpoints,
  type Transfer,
  type TransferAddBodyInput,
  type TransferEditBodyInput,
} from '../../../../../contract/registry';
import { call } from '../../../api/call';
import type { RequestOptions } from '../../../api/http-client';
import { registryQueryKey } from './list-registry';

export type RegistryRecord = Plate | Transfer;

export const getPlate = (plateId: number, options?: RequestOptions): Promise<Plate> =>
  call(registryEndpoints.plateRead, { query: { plateId } }, options);
export const getTransfer = (transferId: number, options?: RequestOptions): Promise<Transfer> =>
  call(registryEndpoints.transferRead, { query: { transferId } }, options);

export const registryRecordQueryKey = (stage: RegistryStage, id: number) => [...registryQueryKey, stage, id] as const;

/** One plating or transfer (the edit form and the info page). */
export function useRegistryRecord(stage: RegistryStage, id: number | undefined) {
  return useQuery<RegistryRecord>({
    queryKey: registryRecordQueryKey(stage, id ?? 0),
    queryFn: ({ signal }) => (stage === 'plate' ? getPlate(id ?? 0, { signal }) : getTransfer(id ?? 0, { signal })),
    enabled: id !== undefined && id > 0,
    // A form must not be refilled under the clerk's typing when the window regains focus.
    refetchOnWindowFocus: false,
  });
}

// The forms show the server's refusal themselves (above the fields), so the client's toast stays quiet.
export const addPlate = (body: PlateAddBodyInput): Promise<{ id: number }> =>
  call(registryEndpoints.plateAdd, { body }, { silent: true });
/** `updated_at` is the stale-save guard: a 409 offers 放弃修改并载入最新内容. */
export const editPlate = (body: PlateEditBodyInput): Promise<{ id: number }> =>
  call(registryEndpoints.plateEdit, { body }, { silent: true });
export const addTransfer = (body: TransferAddBodyInput): Promise<{ id: number }> =>
  call(registryEndpoints.transferAdd, { body }, { silent: true });
export const editTransfer = (body: TransferEditBodyInput): Promise<{ id: number }> =>
  call(registryEndpoints.transferEdit, { body }, { silent: true });
