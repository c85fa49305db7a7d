/**
 * The pickup list's fields, described once (`FieldDescription`): each column with the filter it offers.
 * The 出库资料 and 操作 columns open screens, so the page adds them.
 */
import { Tag, Typography } from 'antd';
import {
  pickupTextLimits,
  RELEASE_STATUS,
  releaseStatusLabel,
  releaseStatusLabels,
  type PickupListItem,
  type PickupListQuery,
} from '../../../../contract/pickup';
import { flowLabels } from '../../../../contract/stage';
import type { FieldDescription } from '../../components/field-description';
import { wrapAnywhere } from '../../components/paged-table';
import { TimeCell } from '../../components/time-cell';
import { VinCell } from '../../components/vin-cell';
import { DeadlineUnderVin } from '../../components/deadline-tag';

const RANGE_WIDTH = 236;

/** 已出库 once a release pass names the vehicle (procedure.release 1 or 2). */
export const released = (row: PickupListItem) => row.procedure.release > 0;
export const checkIn = (row: PickupListItem) => row.entry[0];
export const releasePass = (row: PickupListItem) => row.release[0];

export const pickupFields: FieldDescription<PickupListItem, PickupListQuery>[] = [
  { key: 'id', title: 'ID', dataIndex: 'id', width: 56 },
  {
    key: 'vin',
    title: '车架号',
    dataIndex: 'vin',
    width: 184,
    // The car's 入库 deadline, when near, under its VIN (issue 25).
    render: (vin: string, row: PickupListItem) => (
      <>
        <VinCell vin={vin} vehicleId={row.id} />
        <DeadlineUnderVin deadline={row.deadline} />
      </>
    ),
    filter: { kind: 'vin', key: 'vin' },
  },
  {
    key: 'dl_name',
    title: '代理人',
    width: 120,
    onCell: wrapAnywhere,
    render: (_: unknown, row: PickupListItem) => checkIn(row)?.dl_name || '—',
    // The bar opens with the agent, before the VIN.
    filter: { kind: 'text', key: 'dl_name', maxLength: pickupTextLimits.dl_name, width: 150, order: -1 },
  },
  {
    key: 'purchase_no',
    title: '采购合同号',
    dataIndex: 'purchase_no',
    width: 156,
    onCell: wrapAnywhere,
    render: (value: string | null) => value ?? '—',
  },
  {
    key: 'status',
    title: '状态',
    width: 84,
    render: (_: unknown, row: PickupListItem) => (
      <div>
        <Tag color={released(row) ? 'success' : 'warning'} style={{ marginInlineEnd: 0 }}>
          {releaseStatusLabel(row.procedure.release)}
        </Tag>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          在{flowLabels[row.flow]}
        </Typography.Text>
      </div>
    ),
    filter: {
      kind: 'select',
      key: 'release_status',
      width: 110,
      options: [
        { value: RELEASE_STATUS.waiting, label: releaseStatusLabels[0] },
        { value: RELEASE_STATUS.released, label: releaseStatusLabels[2] },
      ],
    },
  },
  {
    key: 'entry_time',
    title: '入库时间',
    width: 92,
    render: (_: unknown, row: PickupListItem) =>
      checkIn(row) ? (
        <TimeCell value={checkIn(row)!.created_at} />
      ) : (
        <Typography.Text type="secondary">未入库</Typography.Text>
      ),
    // Each day range under the spec's own query keys.
    filter: { kind: 'dateRange', name: 'entry', keys: ['entry_s', 'entry_e'], width: RANGE_WIDTH },
  },
  {
    key: 'release_time',
    title: '出库时间',
    width: 92,
    render: (_: unknown, row: PickupListItem) =>
      releasePass(row) ? <TimeCell value={releasePass(row)!.created_at} /> : '—',
    filter: { kind: 'dateRange', name: 'release', keys: ['release_s', 'release_e'], width: RANGE_WIDTH },
  },
];
