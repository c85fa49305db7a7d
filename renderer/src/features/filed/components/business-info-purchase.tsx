/**
 * The business information page's 采购合同 tab: a picker of the purchase contracts holding vehicles of
 * the overseas contract (`getPurchaseLists`), the vehicle's own contract first chosen, and the chosen
 * contract as its info page shows it (`GET /api/purchase/{id}`, PurchaseContractView).
 */
import { useState } from 'react';
import { Alert, Form, Select, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { purchaseTypeLabels } from '../../../../../contract/purchase';
import { PurchaseContractView } from '../../../components/purchase-contract-view';
import { purchaseListsQuery, purchaseQuery } from '../api/business-info';

export interface BusinessInfoPurchaseProps {
  orderId: number;
  /** The vehicle's purchase contract: the one shown first. */
  purchaseId: number | undefined;
}

export function BusinessInfoPurchase({ orderId, purchaseId }: BusinessInfoPurchaseProps) {
  const lists = useQuery(purchaseListsQuery(orderId));
  const [picked, setPicked] = useState<number>();
  const chosen = picked ?? purchaseId ?? lists.data?.[0]?.id;
  const purchase = useQuery({ ...purchaseQuery(chosen ?? 0), enabled: chosen !== undefined });

  return (
    <>
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label="采购合同" htmlFor="business-info-purchase">
          <Select<number>
            id="business-info-purchase"
            aria-label="选择采购合同"
            style={{ minWidth: 320 }}
            loading={lists.isPending}
            value={chosen}
            onChange={setPicked}
            placeholder="请选择采购合同"
            options={(lists.data ?? []).map((item) => ({
              value: item.id,
              label: `${purchaseTypeLabels[item.type]} ${item.purchase_no}（${item.customer_name}，本合同车辆 ${item.car_count} 台）`,
            }))}
          />
        </Form.Item>
      </Form>
      {purchase.isError ? (
        <Alert type="error" showIcon title="采购合同加载失败" description={purchase.error.message} />
      ) : purchase.data ? (
        <PurchaseContractView purchase={purchase.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </>
  );
}
