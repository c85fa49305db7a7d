/**
 * A car's own figures in its vehicle file (issue 26): its row of its overseas contract's profit
 * (`GET /api/order/{id}/profit`): revenue, purchase costs, freight, tax refund, profit, margin, and 最终 or
 * 预估 with the reasons. Nothing is shown for a car not on an overseas contract.
 */
import { Alert, Card, Descriptions, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { orderProfitQuery } from '../api/order-profit';
import { formatMargin, Money, ProfitAmount, ProfitStatus } from './profit-figures';

export const vehicleProfitTexts = {
  title: '利润（CNY）',
  loadFailed: '利润加载失败',
} as const;

export function VehicleProfitCard({ orderId, vehicleId }: { orderId: number; vehicleId: number }) {
  const profit = useQuery(orderProfitQuery(orderId));
  const car = profit.data?.cars.find((row) => row.car_id === vehicleId);
  let body;
  if (profit.isError && !profit.data) body = <Alert type="error" showIcon title={vehicleProfitTexts.loadFailed} />;
  else if (!profit.data) body = <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  else if (!car) return null;
  else
    body = (
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'revenue', label: '收入', children: <Money value={car.revenue} /> },
          { key: 'costs', label: '采购成本', children: <Money value={car.costs} /> },
          { key: 'freight', label: '运费', children: <Money value={car.freight} /> },
          { key: 'drawback', label: '退税', children: <Money value={car.drawback} /> },
          { key: 'profit', label: '利润', children: <ProfitAmount value={car.profit} strong /> },
          { key: 'margin', label: '利润率', children: formatMargin(car.margin) },
          {
            key: 'final',
            label: '状态',
            span: 'filled' as const,
            children: <ProfitStatus final={car.final} reasons={car.reasons} />,
          },
        ]}
      />
    );
  return (
    <Card size="small" title={vehicleProfitTexts.title} className="vehicle-profit" style={{ marginBottom: 16 }}>
      {body}
    </Card>
  );
}
