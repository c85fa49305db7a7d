import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { exportsMessages } from '../../../../../contract/release-exports';
import { useContractHandOver } from '../../../components/hand-over-result';
import { handOverRelease, releaseListQueryKey } from '../api/release-list';
import { queryKeys } from '../../../api/query-keys';

/** Why a hand-over moved nothing when the server named no vehicle. */
const NOTHING_TO_FILE = '这些采购合同中没有还在出口放行环节的车辆';

/**
 * 移交归档 of one or more purchase contracts (the release list's group, the release detail page): the
 * spec's confirmation (section 4, 'Release handover confirm') naming the contracts, 移交成功! or the
 * vehicles that stayed with their reasons.
 */
export function useReleaseHandOver(onAnswer: () => void) {
  return useContractHandOver({
    title: exportsMessages.handOverTitle,
    question: () => exportsMessages.handOverConfirm,
    note: '尚未出库或尚未出口报关的车辆会留在出口放行列表，并说明原因。',
    empty: exportsMessages.handOverEmpty,
    failed: exportsMessages.handOverFailed,
    texts: { done: exportsMessages.handOverDone, nothingDetail: NOTHING_TO_FILE },
    send: handOverRelease,
    onAnswer,
  });
}

/** The refresh after a hand-over: the list and every detail page, and the VIN suggestions of the forms. */
export function useReleaseListRefresh() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: releaseListQueryKey });
    void queryClient.invalidateQueries({ queryKey: queryKeys.carSearch });
  }, [queryClient]);
}
