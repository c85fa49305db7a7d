import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE, type Paged } from '../../../contract/common';
import { apiGet } from '../api/http-client';
import { renderInApp } from '../testing/render-app';
import { scriptedApiForEachTest } from '../testing/scripted-api-for-each-test';
import { envelope } from '../testing/scripted-api-server';
import type { FilterValues } from './filter-bar';
import { ListScreen } from './list-screen';
import type { PagedTableColumn } from './paged-table';
import { usePagedList } from './use-paged-list';

configure({ asyncUtilTimeout: 4000 });

const server = scriptedApiForEachTest();

interface Fruit {
  id: number;
  name: string;
}

const fruitsQuery = (filters: FilterValues, page: number) =>
  queryOptions({
    queryKey: ['fruits', filters, page],
    queryFn: () => apiGet<Paged<Fruit>>('/api/fruit', { ...filters, page, limit: PAGE_SIZE }),
  });

const columns: PagedTableColumn<Fruit>[] = [
  { key: 'id', title: 'ID', dataIndex: 'id', width: 60 },
  { key: 'name', title: '名称', dataIndex: 'name' },
];

/** A list screen made from the frame: its columns, its filters and its fetch. */
function FruitListPage() {
  const list = usePagedList(fruitsQuery);
  return (
    <ListScreen<Fruit, FilterValues>
      list={list}
      columns={columns}
      label="水果列表"
      filterLabel="水果筛选"
      filters={
        <Form.Item label="名称" name="name">
          <Input />
        </Form.Item>
      }
      toolbar={<button type="button">新增水果</button>}
      emptyText={{ empty: '暂无水果', filtered: '没有符合条件的水果', failed: '水果加载失败' }}
    />
  );
}

const fruitRequests = () => server.requests.filter((request) => request.path === '/api/fruit');
const fruits = (count: number, from = 1): Fruit[] =>
  Array.from({ length: count }, (_, index) => ({ id: from + index, name: `水果${from + index}` }));
const answer = (rows: Fruit[], total: number) =>
  envelope(200, { data: rows, meta: { total, page: 1, limit: PAGE_SIZE }, total });

describe('ListScreen', () => {
  it('shows the rows, the total and the toolbar, and moves through pages', async () => {
    server.on('GET /api/fruit', (request) =>
      request.query.get('page') === '2' ? answer(fruits(5, 16), 20) : answer(fruits(15), 20),
    );
    renderInApp(<FruitListPage />);
    const table = await screen.findByRole('region', { name: '水果列表' });
    expect(await within(table).findByText('水果1')).toBeInTheDocument();
    expect(within(table).getByText('共 20 条')).toBeInTheDocument();
    expect(screen.getByText('新增水果')).toBeInTheDocument();
    expect(fruitRequests()[0]?.query.get('limit')).toBe('15');

    await userEvent.click(within(table).getByTitle('2'));
    expect(await within(table).findByText('水果16')).toBeInTheDocument();
    expect(fruitRequests().at(-1)?.query.get('page')).toBe('2');
  });

  it('searches from page 1 with the filters, and says when nothing matches', async () => {
    server.on('GET /api/fruit', (request) => (request.query.get('name') ? answer([], 0) : answer(fruits(15), 20)));
    renderInApp(<FruitListPage />);
    const table = await screen.findByRole('region', { name: '水果列表' });
    await within(table).findByText('水果1');
    await userEvent.click(within(table).getByTitle('2'));
    await waitFor(() => expect(fruitRequests().at(-1)?.query.get('page')).toBe('2'));

    const filters = screen.getByRole('search', { name: '水果筛选' });
    await userEvent.type(within(filters).getByLabelText('名称'), '榴莲');
    await userEvent.click(within(filters).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(fruitRequests().at(-1)?.query.get('name')).toBe('榴莲'));
    expect(fruitRequests().at(-1)?.query.get('page')).toBe('1');
    expect(await within(table).findByText('没有符合条件的水果')).toBeInTheDocument();
  });

  it('says the list is empty, or that it failed to load', async () => {
    server.on('GET /api/fruit', answer([], 0));
    const first = renderInApp(<FruitListPage />);
    expect(await screen.findByText('暂无水果')).toBeInTheDocument();
    first.unmount();

    server.on('GET /api/fruit', envelope(500, { request_id: 'r1' }, '服务器错误'));
    renderInApp(<FruitListPage />);
    expect(await screen.findByText('水果加载失败', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
