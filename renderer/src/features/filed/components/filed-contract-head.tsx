import { Descriptions, Skeleton } from 'antd';
import type { Order } from '../../../../../contract/overseas';

/**
 * The head of a filing form (spec part 2, 退税 page): the overseas contract's number, its customer and
 * how many vehicles it bought (共采购 N 台: the vehicles on the contract, as the cards of the list count them).
 */
export function FiledContractHead({ order }: { order: Order | undefined }) {
  if (!order) return <Skeleton active title={false} paragraph={{ rows: 1 }} style={{ marginBottom: 16 }} />;
  return (
    <Descriptions
      className="filed-contract-head"
      size="small"
      column={{ xs: 1, md: 3 }}
      style={{ marginBottom: 16 }}
      items={[
        { key: 'order_no', label: '海外合同号', children: order.order_no },
        { key: 'customer', label: '客户名称', children: order.customer?.name ?? order.customer_name },
        { key: 'count', label: '采购数量', children: `共采购 ${order.cars.length} 台` },
      ]}
    />
  );
}
