/**
 * The 车辆信息 table of a record's read-only page: 序号, 车架号 and 车型 on every contract, then the side's
 * own prices (the overseas price; the purchase price, service fee and other fee).
 */
import { Table, type TableColumnsType } from 'antd';
import { VinCell } from './vin-cell';

export interface RecordCar {
  id: number;
  vin: string;
  model: string | null;
}

export interface RecordCarsTableProps<Car extends RecordCar> {
  cars: readonly Car[];
  /** The columns after 车型. */
  priceColumns: TableColumnsType<Car>;
}

export function RecordCarsTable<Car extends RecordCar>({ cars, priceColumns }: RecordCarsTableProps<Car>) {
  const columns: TableColumnsType<Car> = [
    { key: 'index', title: '序号', width: 64, render: (_: unknown, __: Car, index: number) => index + 1 },
    {
      key: 'vin',
      title: '车架号',
      dataIndex: 'vin',
      render: (vin: string, car: Car) => <VinCell vin={vin} vehicleId={car.id} />,
    },
    { key: 'model', title: '车型', dataIndex: 'model', render: (model: string | null) => model || '—' },
    ...priceColumns,
  ];
  return (
    <Table<Car>
      aria-label="车辆信息"
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={[...cars]}
      pagination={false}
      locale={{ emptyText: '该合同还没有车辆' }}
    />
  );
}
