import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { PagedTable, type PagedTableColumn } from './paged-table';
import { ColumnChooser } from './column-chooser';

interface Staff {
  id: number;
  username: string;
  nickname: string;
  phone: string;
}

const everyone: Staff[] = Array.from({ length: 40 }, (_, index) => ({
  id: index + 1,
  username: `clerk${index + 1}`,
  nickname: `员工${index + 1}`,
  phone: `1380000${String(index + 1).padStart(4, '0')}`,
}));

const columns: PagedTableColumn<Staff>[] = [
  { key: 'id', title: 'ID', dataIndex: 'id' },
  { key: 'username', title: '账号', dataIndex: 'username' },
  { key: 'nickname', title: '员工姓名', dataIndex: 'nickname' },
  { key: 'phone', title: '手机号', dataIndex: 'phone' },
  { key: 'actions', title: '操作', alwaysVisible: true, render: (_, row) => <a href={`#${row.id}`}>编辑</a> },
];

/** Stands in for a list screen: the "server" answers one page of 15 out of `rows`. */
function StaffList({ rows = everyone, startPage = 1 }: { rows?: Staff[]; startPage?: number }) {
  const [page, setPage] = useState(startPage);
  const [visible, setVisible] = useState<string[] | undefined>(undefined);
  const pageRows = rows.slice((page - 1) * 15, page * 15);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
      <ColumnChooser columns={columns} value={visible} onChange={setVisible} />
      <output data-testid="page">{page}</output>
      <PagedTable<Staff>
        label="员工列表"
        columns={columns}
        visibleColumnKeys={visible}
        dataSource={pageRows}
        rowKey="id"
        total={rows.length}
        page={page}
        onPageChange={setPage}
        emptyText="暂无员工，点击“新增员工”添加"
      />
    </ConfigProvider>
  );
}

const bodyRows = () =>
  within(screen.getByRole('region', { name: '员工列表' }))
    .getAllByRole('row')
    .slice(1);

describe('PagedTable', () => {
  it('shows 15 rows a page, the total in Chinese and no page-size changer', () => {
    render(<StaffList />);
    expect(bodyRows()).toHaveLength(15);
    expect(screen.getByText('共 40 条')).toBeInTheDocument();
    expect(screen.queryByText(/条\/页/)).not.toBeInTheDocument();
    expect(document.querySelector('.ant-pagination-options-size-changer')).toBeNull();
    expect(screen.getByRole('listitem', { name: '3' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: '4' })).not.toBeInTheDocument();
  });

  it('asks the screen for another page and shows what it gets', async () => {
    const user = userEvent.setup();
    render(<StaffList />);
    await user.click(screen.getByRole('listitem', { name: '3' }));
    expect(screen.getByTestId('page')).toHaveTextContent('3');
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('clerk31')).toBeInTheDocument();
  });

  it('pages from the keyboard: Enter on a page number, PageDown and PageUp inside the table', async () => {
    const user = userEvent.setup();
    render(<StaffList />);
    screen.getByRole('listitem', { name: '2' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('page')).toHaveTextContent('2');
    await user.keyboard('{PageDown}');
    expect(screen.getByTestId('page')).toHaveTextContent('3');
    await user.keyboard('{PageDown}');
    expect(screen.getByTestId('page')).toHaveTextContent('3');
    await user.keyboard('{PageUp}{PageUp}');
    expect(screen.getByTestId('page')).toHaveTextContent('1');
  });

  it('says what to do next when the list is empty', () => {
    render(<StaffList rows={[]} />);
    expect(screen.getByText('暂无员工，点击“新增员工”添加')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(1);
  });

  it('goes back to the last page when the page it is on has emptied', () => {
    render(<StaffList rows={everyone.slice(0, 30)} startPage={3} />);
    expect(screen.getByTestId('page')).toHaveTextContent('2');
    expect(bodyRows()).toHaveLength(15);
    expect(screen.queryByText('暂无员工，点击“新增员工”添加')).not.toBeInTheDocument();
  });

  it('hides and shows columns through the column chooser, never the last one', async () => {
    const user = userEvent.setup();
    render(<StaffList />);
    await user.click(screen.getByRole('button', { name: /列设置/ }));
    const chooser = await screen.findByRole('group', { name: '显示的列' });
    expect(within(chooser).queryByRole('checkbox', { name: '操作' })).not.toBeInTheDocument();

    await user.click(within(chooser).getByRole('checkbox', { name: '手机号' }));
    expect(screen.queryByRole('columnheader', { name: '手机号' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '操作' })).toBeInTheDocument();

    await user.click(within(chooser).getByRole('checkbox', { name: 'ID' }));
    await user.click(within(chooser).getByRole('checkbox', { name: '账号' }));
    expect(within(chooser).getByRole('checkbox', { name: '员工姓名' })).toBeDisabled();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['员工姓名', '操作']);

    await user.click(within(chooser).getByRole('button', { name: '显示全部列' }));
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'ID',
      '账号',
      '员工姓名',
      '手机号',
      '操作',
    ]);
  });

  it('lets the keyboard reach the column chooser: Enter opens, Tab enters, Space toggles, Escape closes', async () => {
    const user = userEvent.setup();
    render(<StaffList />);
    const button = screen.getByRole('button', { name: /列设置/ });
    button.focus();
    await user.keyboard('{Enter}');
    const chooser = await screen.findByRole('group', { name: '显示的列' });
    await user.tab();
    expect(within(chooser).getByRole('checkbox', { name: 'ID' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.queryByRole('columnheader', { name: 'ID' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('passes row selection and expandable rows through', async () => {
    const user = userEvent.setup();
    const selected: number[] = [];
    render(
      <PagedTable<Staff>
        columns={columns}
        dataSource={everyone.slice(0, 2)}
        rowKey="id"
        total={2}
        page={1}
        onPageChange={() => undefined}
        emptyText="暂无员工"
        rowSelection={{ onChange: (keys) => selected.splice(0, selected.length, ...(keys as number[])) }}
        expandable={{ expandedRowRender: (row) => <p>车架号列表 {row.username}</p> }}
      />,
    );
    const checkboxes = screen.getAllByRole('checkbox');
    await user.click(checkboxes[2]!);
    expect(selected).toEqual([2]);
    await user.click(screen.getAllByRole('button', { name: /展开行|Expand row/ })[0]!);
    expect(screen.getByText('车架号列表 clerk1')).toBeInTheDocument();
  });
});
