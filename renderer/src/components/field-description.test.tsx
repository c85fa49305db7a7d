import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { detailItems, listFields, type FieldDescription } from './field-description';
import { FilterBar, type FilterValues } from './filter-bar';

interface Row {
  id: number;
  no: string;
  agent: string | null;
  status: 0 | 1;
}
interface Query {
  no?: string;
  dl_name?: string;
  status?: 0 | 1;
  vin?: string;
  entry_s?: string;
  entry_e?: string;
}

const fields: FieldDescription<Row, Query>[] = [
  { key: 'no', title: '合同号', dataIndex: 'no', filter: { kind: 'text', key: 'no' }, detail: { label: '编号' } },
  { key: 'vin', title: '车架号', hideInTable: true, filter: { kind: 'vin', key: 'vin' } },
  {
    key: 'agent',
    title: '代理人',
    dataIndex: 'agent',
    render: (agent: string | null) => agent ?? '—',
    filter: { kind: 'text', key: 'dl_name', label: '代理人姓名', order: -1 },
  },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    render: (status: 0 | 1) => (status === 1 ? '已完成' : '未完成'),
    filter: {
      kind: 'select',
      key: 'status',
      options: [
        { value: 0, label: '未完成' },
        { value: 1, label: '已完成' },
      ],
    },
    detail: { render: (row) => `状态 ${row.status}` },
  },
  { key: 'entry', title: '入库时间', filter: { kind: 'dateRange', name: 'entry', keys: ['entry_s', 'entry_e'] } },
];

describe('listFields', () => {
  it('gives the table every field not hidden, in order, without the filter or detail', () => {
    const { columns } = listFields(fields);
    expect(columns.map((column) => column.title)).toEqual(['合同号', '代理人', '状态', '入库时间']);
    expect(columns.every((column) => !('filter' in column) && !('detail' in column))).toBe(true);
  });

  it('names the date ranges that send their own query keys', () => {
    expect(listFields(fields).dateRangeKeys).toEqual({ entry: ['entry_s', 'entry_e'] });
    expect(listFields(fields.slice(0, 2)).dateRangeKeys).toBeUndefined();
  });

  it('lays out the filters in the fields order moved by order, and sends each under its query key', async () => {
    const searches: FilterValues[] = [];
    render(
      <ConfigProvider locale={zhCN}>
        <FilterBar onSearch={(values) => searches.push(values)}>{listFields(fields).filters}</FilterBar>
      </ConfigProvider>,
    );
    const labels = [...document.querySelectorAll('.ant-form-item-label label')].map((label) => label.textContent);
    expect(labels).toEqual(['代理人姓名', '合同号', '车架号', '状态', '入库时间']);
    expect(screen.getByPlaceholderText('请输入代理人姓名')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('代理人姓名'), ' 张三 ');
    await userEvent.type(screen.getByLabelText('车架号'), 'LSV');
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    expect(searches).toEqual([{ dl_name: '张三', vin: 'LSV' }]);
  });
});

describe('detailItems', () => {
  it('labels and renders the named fields as the detail says, else as the list does', () => {
    const row: Row = { id: 1, no: 'HT-1', agent: null, status: 1 };
    expect(detailItems(fields, row, ['status', 'no', 'agent'])).toEqual([
      { key: 'status', label: '状态', children: '状态 1' },
      { key: 'no', label: '编号', children: 'HT-1' },
      { key: 'agent', label: '代理人', children: '—' },
    ]);
  });
});
