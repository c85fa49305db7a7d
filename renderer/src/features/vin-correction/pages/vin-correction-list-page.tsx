import { useCallback, useState } from 'react';
import { Button, Form, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { VinCorrection, VinCorrectionListQuery } from '../../../../../contract/vin-correction';
import { clearable } from '../../../components/clearable';
import { listFields, type FieldDescription } from '../../../components/field-description';
import type { FilterValues } from '../../../components/filter-bar';
import { formatTime } from '../../../components/format-time';
import { ListScreen } from '../../../components/list-screen';
import { usePagedList } from '../../../components/use-paged-list';
import { VinCell } from '../../../components/vin-cell';
import { normaliseVinInput } from '../../../components/vin-search-box';
import { listVinCorrectionsQuery, vinCorrectionsQueryKey } from '../api/list-vin-corrections';
import { VinCorrectionDialog } from '../components/vin-correction-dialog';

const vinCell = (vin: string) => <VinCell vin={vin} />;

/**
 * A correction's columns; 新车架号 declares the bar's one filter, `vinNew`. It is a box of its own (`custom`):
 * it normalises the typing as a VIN box does, which a `text` filter does not.
 */
const vinCorrectionFields: FieldDescription<VinCorrection, VinCorrectionListQuery>[] = [
  { key: 'id', title: 'ID', dataIndex: 'id', width: 80 },
  { key: 'vin_old', title: '原车架号', dataIndex: 'vin_old', render: vinCell },
  {
    key: 'vin_new',
    title: '新车架号',
    dataIndex: 'vin_new',
    render: vinCell,
    filter: {
      kind: 'custom',
      key: 'vinNew',
      render: () => (
        <Form.Item
          label="新车架号"
          name="vinNew"
          normalize={(value: string | undefined) => normaliseVinInput(value ?? '')}
        >
          <Input placeholder="请输入新车架号" allowClear={clearable} style={{ width: 240 }} />
        </Form.Item>
      ),
    },
  },
  {
    key: 'nickname',
    title: '更正人',
    width: 140,
    render: (_: unknown, correction: VinCorrection) => correction.users?.nickname ?? '',
  },
  { key: 'created_at', title: '更正时间', dataIndex: 'created_at', width: 180, render: formatTime },
];

export function VinCorrectionListPage() {
  const queryClient = useQueryClient();
  const [dialogOpen, setDialogOpen] = useState(false);

  const list = usePagedList(listVinCorrectionsQuery);
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: vinCorrectionsQueryKey }), [queryClient]);
  const { columns, filters } = listFields(vinCorrectionFields);

  return (
    <ListScreen<VinCorrection, FilterValues>
      className="vin-correction-page"
      list={list}
      columns={columns}
      label="车架号更正记录"
      filterLabel="车架号更正筛选"
      filters={filters}
      filterExtra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialogOpen(true)}>
          新增更正
        </Button>
      }
      emptyText={{
        empty: '暂无更正记录，点击“新增更正”更正车架号',
        filtered: '没有符合条件的更正记录，请修改新车架号或点击“重置”',
      }}
      table={{ scroll: { x: 760 } }}
    >
      <VinCorrectionDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onSaved={() => {
          setDialogOpen(false);
          list.goToPage(1);
          void refresh();
        }}
      />
    </ListScreen>
  );
}
