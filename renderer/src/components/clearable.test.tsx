/**
 * Every clear button is announced 清除: the list pages' filter bars (text, VIN, amount, choice, date range),
 * a form's clearable box and the transfer's search boxes; none says antd's "Clear" or "close-circle", and
 * boxes that did not ask for a clear button still have none.
 */
import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { renderInApp } from '../testing/render-app';
import { envelope } from '../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../testing/scripted-api-for-each-test';
import { PurchaseListPage } from '../features/purchase/pages/purchase-list-page';
import { OverseasListPage } from '../features/overseas/pages/overseas-list-page';
import { VehicleTransfer } from './vehicle-transfer';
import { clearable } from './clearable';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

const emptyPage = envelope(200, { data: [], meta: { total: 0, page: 1, limit: 15 }, total: 0 });

/** Anything in `scope` a screen reader would call by antd's English names. */
const englishNames = (scope: HTMLElement) =>
  Array.from(scope.querySelectorAll('[aria-label="Clear"], [aria-label="close-circle"]'), (node) => node.outerHTML);

const filterBar = (name: string) => screen.findByRole('search', { name });

describe('clear buttons', () => {
  it('say 清除 on the purchase list’s filters, one for each filled box, and clear it', async () => {
    server.on('GET /api/purchase', emptyPage);
    renderInApp(<PurchaseListPage />, { initialEntries: ['/purchase/list'] });
    const bar = await filterBar('采购合同筛选');
    await userEvent.type(within(bar).getByLabelText('采购合同号'), 'CG-2026');
    await userEvent.type(within(bar).getByLabelText('客户名称'), '杭州');
    await userEvent.type(within(bar).getByLabelText('车架号'), 'LSV');
    await userEvent.type(within(bar).getByLabelText('合同总额'), '100');
    await userEvent.click(within(bar).getByLabelText('打款状态'));
    await userEvent.click(await screen.findByTitle('未完成'));

    expect(englishNames(bar)).toEqual([]);
    const clears = within(bar).getAllByRole('button', { name: '清除' });
    expect(clears).toHaveLength(5);

    // The choice's button clears the choice; the others stay.
    const status = within(bar).getByLabelText('打款状态').closest('.ant-select') as HTMLElement;
    await userEvent.click(within(status).getByRole('button', { name: '清除' }));
    await waitFor(() => expect(within(bar).getAllByRole('button', { name: '清除' })).toHaveLength(4));
    expect(within(bar).getByLabelText('采购合同号')).toHaveValue('CG-2026');
  });

  it('say 清除 on a date range, which antd keeps clearable by default', async () => {
    server.on('GET /api/order', emptyPage);
    renderInApp(<OverseasListPage />, { initialEntries: ['/overseas/list'] });
    const bar = await filterBar('海外合同筛选');
    const [start, end] = within(bar).getAllByPlaceholderText(/开始日期|结束日期/);
    await userEvent.click(start!);
    await userEvent.type(start!, '2026-11-01{Enter}');
    await userEvent.type(end!, '2026-11-30{Enter}');
    await waitFor(() => expect(start).toHaveValue('2026-11-01'));

    expect(englishNames(bar)).toEqual([]);
    const range = start!.closest('.ant-picker') as HTMLElement;
    await userEvent.click(within(range).getByRole('button', { name: '清除' }));
    await waitFor(() => expect(start).toHaveValue(''));
  });

  it('give only the boxes that ask for one a clear button, and the transfer’s search boxes say 清除', async () => {
    function Screen() {
      return (
        <Form>
          <Form.Item label="代理人" name="agent">
            <Input allowClear={clearable} />
          </Form.Item>
          <Form.Item label="备注" name="note">
            <Input />
          </Form.Item>
          <Form.Item label="出口车辆" name="car_ids">
            <VehicleTransfer title="待出口车辆" vehicles={[{ id: 1, vin: 'LSVAB1230RA200011', model: null }]} />
          </Form.Item>
        </Form>
      );
    }
    renderInApp(<Screen />);
    await userEvent.type(screen.getByLabelText('代理人'), '张三');
    await userEvent.type(screen.getByLabelText('备注'), '急');
    const searches = screen.getAllByPlaceholderText(/车架号/);
    expect(searches).toHaveLength(2);
    await userEvent.type(searches[0]!, 'LSV');
    await userEvent.type(searches[1]!, 'LFV');

    expect(englishNames(document.body)).toEqual([]);
    const agentItem = screen.getByLabelText('代理人').closest('.ant-form-item') as HTMLElement;
    expect(within(agentItem).getByRole('button', { name: '清除' })).toBeInTheDocument();
    const noteItem = screen.getByLabelText('备注').closest('.ant-form-item') as HTMLElement;
    expect(within(noteItem).queryByRole('button')).toBeNull();
    const transfer = document.querySelector<HTMLElement>('.vehicle-transfer')!;
    expect(within(transfer).getAllByRole('button', { name: '清除' })).toHaveLength(2);
  });
});
