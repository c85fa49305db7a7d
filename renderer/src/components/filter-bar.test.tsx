import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider, DatePicker, Form, Input, Select } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { cleanFilterValues, dateRangeFilter, FilterBar, type FilterValues } from './filter-bar';

function OrderFilters({
  searches,
  initialValues,
}: {
  searches: FilterValues[];
  initialValues?: Record<string, unknown>;
}) {
  return (
    <ConfigProvider locale={zhCN}>
      <FilterBar initialValues={initialValues} onSearch={(values) => searches.push(values)}>
        <Form.Item name="order_no" label="合同号">
          <Input placeholder="请输入合同号" />
        </Form.Item>
        <Form.Item name="name" label="客户名称">
          <Input placeholder="请输入客户名称" />
        </Form.Item>
        <Form.Item name="currency" label="币种">
          <Select
            placeholder="请选择币种"
            style={{ width: 120 }}
            options={[
              { value: 'USD', label: 'USD' },
              { value: 'CNY', label: 'CNY' },
            ]}
          />
        </Form.Item>
        <Form.Item name="created" label="创建时间">
          <DatePicker.RangePicker />
        </Form.Item>
      </FilterBar>
    </ConfigProvider>
  );
}

describe('FilterBar', () => {
  it('searches with what was typed, leaving empty fields out', async () => {
    const user = userEvent.setup();
    const searches: FilterValues[] = [];
    render(<OrderFilters searches={searches} />);
    await user.type(screen.getByPlaceholderText('请输入合同号'), '  HW-2026 ');
    await user.click(screen.getByRole('button', { name: /搜索/ }));
    expect(searches).toEqual([{ order_no: 'HW-2026' }]);
  });

  it('searches when Enter is pressed in any text field', async () => {
    const user = userEvent.setup();
    const searches: FilterValues[] = [];
    render(<OrderFilters searches={searches} />);
    await user.type(screen.getByPlaceholderText('请输入客户名称'), '迪拜车行{Enter}');
    expect(searches).toEqual([{ name: '迪拜车行' }]);
    await user.type(screen.getByPlaceholderText('请输入合同号'), 'HW{Enter}');
    expect(searches[1]).toEqual({ name: '迪拜车行', order_no: 'HW' });
  });

  it('reset clears every field, the initial ones too, and searches at once', async () => {
    const user = userEvent.setup();
    const searches: FilterValues[] = [];
    render(<OrderFilters searches={searches} initialValues={{ order_no: 'HW-1', currency: 'CNY' }} />);
    expect(screen.getByPlaceholderText('请输入合同号')).toHaveValue('HW-1');
    expect(screen.getByTitle('CNY')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('请输入客户名称'), '迪拜');
    await user.click(screen.getByRole('button', { name: /重置/ }));
    expect(searches).toEqual([{}]);
    expect(screen.getByPlaceholderText('请输入合同号')).toHaveValue('');
    expect(screen.getByPlaceholderText('请输入客户名称')).toHaveValue('');
    expect(screen.queryByTitle('CNY')).not.toBeInTheDocument();
  });

  it('sends a picked date range as start_time and end_time, YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const searches: FilterValues[] = [];
    render(<OrderFilters searches={searches} />);
    const [start, end] = screen.getAllByRole('textbox').filter((box) => box.closest('.ant-picker-range'));
    await user.click(start!);
    await user.type(start!, '2026-11-01{Enter}');
    await user.type(end!, '2026-11-30{Enter}');
    await user.click(screen.getByRole('button', { name: /搜索/ }));
    expect(searches.at(-1)).toEqual({ start_time: '2026-11-01', end_time: '2026-11-30' });
  });
});

describe('cleanFilterValues and dateRangeFilter', () => {
  it('drops empty values, trims text and formats dates', () => {
    expect(
      cleanFilterValues({
        order_no: '',
        vin: '   ',
        name: ' 迪拜 ',
        total: 0,
        amount: Number.NaN,
        type_id: 2,
        tags: [],
        ids: ['', 3],
        receipted_at: dayjs('2026-11-05T23:30:00'),
        missing: undefined,
        cleared: null,
      }),
    ).toEqual({ name: '迪拜', total: 0, type_id: 2, ids: [3], receipted_at: '2026-11-05' });
  });

  it('turns a range into inclusive dates, and a half range into one bound', () => {
    const range = [dayjs('2026-01-01T08:00:00'), dayjs('2026-01-31T00:00:00')] as const;
    expect(dateRangeFilter(range)).toEqual({ start_time: '2026-01-01', end_time: '2026-01-31' });
    expect(dateRangeFilter([null, dayjs('2026-02-28')])).toEqual({ end_time: '2026-02-28' });
    expect(dateRangeFilter(null)).toEqual({});
    expect(cleanFilterValues({ created: range, name: 'x' })).toEqual({
      start_time: '2026-01-01',
      end_time: '2026-01-31',
      name: 'x',
    });
  });

  it('sends each of two ranges under its own keys when the list names them', () => {
    const entry = [dayjs('2026-11-01'), dayjs('2026-11-15')] as const;
    const release = [null, dayjs('2026-11-30')] as const;
    expect(
      cleanFilterValues(
        { entry, release, vin: 'LSV' },
        { entry: ['entry_s', 'entry_e'], release: ['release_s', 'release_e'] },
      ),
    ).toEqual({ entry_s: '2026-11-01', entry_e: '2026-11-15', release_e: '2026-11-30', vin: 'LSV' });
  });
});
