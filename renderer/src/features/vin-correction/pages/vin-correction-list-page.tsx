import { useCallback, useState } from 'react';
import { Button, Card, Form, Input } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { VinCorrection } from '../../../../../contract/vin-correction';
import { FilterBar, type FilterValues } from '../../../components/filter-bar';
import { PagedTable, type PagedTableColumn } from '../../../components/paged-table';
import { normaliseVinInput, VIN_FONT } from '../../../components/vin-search-box';
import { listVinCorrections } from '../api/list-vin-corrections';
import { VinCorrectionDialog } from '../components/vin-correction-dialog';

export const vinCorrectionsQueryKey = ['vin-corrections'] as const;

const formatTime = (value: string | null | undefined) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '');
const vinCell = (vin: string) => <span style={{ fontFamily: VIN_FONT }}>{vin}</span>;

export function VinCorrectionListPage() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<FilterValues>({});
  const [page, setPage] = useState(1);
  const [dialogOpen, setDialogOpen] = useState(false);

  const list = useQuery({
    queryKey: [...vinCorrectionsQueryKey, page, filters],
    queryFn: () => listVinCorrections(page, filters),
    placeholderData: keepPreviousData,
  });
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: vinCorrectionsQueryKey }), [queryClient]);

  const columns: PagedTableColumn<VinCorrection>[] = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 80 },
    { key: 'vin_old', title: '原车架号', dataIndex: 'vin_old', render: vinCell },
    { key: 'vin_new', title: '新车架号', dataIndex: 'vin_new', render: vinCell },
    {
      key: 'nickname',
      title: '更正人',
      width: 140,
      render: (_: unknown, correction: VinCorrection) => correction.users?.nickname ?? '',
    },
    { key: 'created_at', title: '更正时间', dataIndex: 'created_at', width: 180, render: formatTime },
  ];

  const filtering = Object.keys(filters).length > 0;

  return (
    <div className="page vin-correction-page">
      <Card variant="borderless">
        <FilterBar
          onSearch={(next) => {
            setFilters(next);
            setPage(1);
          }}
          loading={list.isFetching && list.isPlaceholderData}
          label="车架号更正筛选"
          extra={
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialogOpen(true)}>
              新增更正
            </Button>
          }
        >
          <Form.Item
            label="新车架号"
            name="vinNew"
            normalize={(value: string | undefined) => normaliseVinInput(value ?? '')}
          >
            <Input placeholder="请输入新车架号" allowClear style={{ width: 240 }} />
          </Form.Item>
        </FilterBar>
        <PagedTable<VinCorrection>
          label="车架号更正记录"
          columns={columns}
          dataSource={list.data?.data}
          rowKey="id"
          total={list.data?.total ?? list.data?.meta.total ?? 0}
          page={page}
          onPageChange={setPage}
          loading={list.isFetching && !list.data}
          emptyText={
            filtering ? '没有符合条件的更正记录，请修改新车架号或点击“重置”' : '暂无更正记录，点击“新增更正”更正车架号'
          }
          scroll={{ x: 760 }}
        />
      </Card>
      <VinCorrectionDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onSaved={() => {
          setDialogOpen(false);
          setPage(1);
          void refresh();
        }}
      />
    </div>
  );
}
