import { App, Button } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { pickupMessages } from '../../../../../contract/pickup';
import type { Purchase } from '../../../../../contract/purchase';
import { PurchaseContractView } from '../../../components/purchase-contract-view';
import { RecordPage } from '../../../components/record-page';
import { useRouteRecordId } from '../../../components/route-record';
import { handOverFailureText, useHandOverResult } from '../../../components/hand-over-result';
import { purchasesQueryKey } from '../api/list-purchases';
import { skipEntryForPurchase, waitingAtYard } from '../api/skip-entry';
import { usePurchase } from '../hooks/use-purchase';
import { purchasePaths } from '../purchase-format';
import { queryKeys } from '../../../api/query-keys';

/**
 * 免入库 for the whole contract: shown while some of its vehicles wait at the yard (the pickup list,
 * filtered by the contract number, names each vehicle's flow); they go to the registry without a
 * check-in, and the answer names any that stayed.
 */
function SkipEntryButton({ purchase }: { purchase: Purchase }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const showResult = useHandOverResult();
  const waiting = useQuery({
    queryKey: [...queryKeys.pickups, 'waiting-of-purchase', purchase.id, purchase.purchase_no],
    queryFn: ({ signal }) => waitingAtYard(purchase, { signal }),
    enabled: purchase.handed_over === 1,
    select: (rows) => rows.length,
  });
  if (!waiting.data) return null;

  const confirm = () =>
    modal.confirm({
      title: '免入库',
      content: `采购合同 ${purchase.purchase_no} 还有 ${waiting.data} 辆车在入库环节，确定全部免入库、直接移交车管？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          const answer = await skipEntryForPurchase(purchase.id);
          void queryClient.invalidateQueries({ queryKey: queryKeys.pickups });
          void queryClient.invalidateQueries({ queryKey: queryKeys.carSearch });
          void queryClient.invalidateQueries({ queryKey: purchasesQueryKey });
          showResult(answer, {
            done: pickupMessages.noEntryDone,
            nothingDetail: `采购合同 ${purchase.purchase_no} 已没有在入库环节的车辆`,
          });
        } catch (error) {
          void message.error(handOverFailureText(pickupMessages.noEntryFailed, error));
        }
      },
    });

  return (
    <Button onClick={confirm} aria-label={`采购合同 ${purchase.purchase_no} 免入库`}>
      免入库
    </Button>
  );
}

/** /purchase/info/:id: the read-only page of a purchase contract (spec part 2, section 2). */
export function PurchaseInfoPage() {
  const route = useRouteRecordId();
  const purchase = usePurchase(route.id);
  return (
    <RecordPage<Purchase>
      route={route}
      record={purchase}
      className="purchase-info-page"
      title="采购合同详情"
      number={(data) => data.purchase_no}
      loadFailedTitle="采购合同加载失败"
      missingText="该采购合同不存在或已被删除"
      closeTo={purchasePaths.list}
      editPath={purchasePaths.edit}
      history={(data) => ({ entity: 'purchase', id: data.id })}
      actions={(data) => <SkipEntryButton purchase={data} />}
    >
      {(data) => <PurchaseContractView purchase={data} />}
    </RecordPage>
  );
}
