import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { moneyInCapitals } from '../../../components/purchase-money';
import { RemitDialog, type RemitTarget } from './remit-dialog';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

beforeEach(() => {
  server.on('POST /api/upload', envelope(200, { url: '/storage/image/2026/11/slip-1.png', name: '回单.png', size: 8 }));
});

const target: RemitTarget = {
  id: 21,
  purchase_no: 'CG-2026-021',
  customer_name: '杭州二手车行',
  amount: 3,
  total: 300000,
  remit_total: 100000,
};

const dialog = () => screen.findByRole('dialog');
const amountBox = () => screen.getByLabelText('本次打款金额');
const errors = (panel: HTMLElement) =>
  Array.from(panel.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);
/** The messages on view: a replaced one is hidden at once (app/providers.tsx) though antd keeps it a moment. */
const shownErrors = (panel: HTMLElement) =>
  Array.from(panel.querySelectorAll('.ant-form-item-explain-error'))
    .filter((node) => getComputedStyle(node).display !== 'none')
    .map((node) => node.textContent);
const ok = async () =>
  userEvent.click(
    within(await dialog())
      .getByText(/确\s*定/)
      .closest('button') as HTMLElement,
  );
const posts = () => server.requests.filter((request) => request.method === 'POST' && request.path !== '/api/upload');
const slip = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], '回单.png');

function renderDialog(purchase: RemitTarget | undefined = target) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const view = renderInApp(<RemitDialog purchase={purchase} onClose={onClose} onSaved={onSaved} />);
  return { onSaved, onClose, view };
}

describe('amount in capitals', () => {
  it('writes amounts exactly, up to 999,999,999,999.99', () => {
    expect(moneyInCapitals(100000)).toBe('壹拾万元整');
    expect(moneyInCapitals(12345.67)).toBe('壹万贰仟叁佰肆拾伍元陆角柒分');
    expect(moneyInCapitals(999_999_999_999.99)).toBe('玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分');
    expect(moneyInCapitals(0.1 + 0.2)).toBe('叁角整');
    expect(moneyInCapitals(45000.5)).toBe('肆万伍仟元伍角整');
    expect(moneyInCapitals(-5)).toBe('');
    expect(moneyInCapitals('12a')).toBe('');
  });
});

describe('purchase remittance dialog', () => {
  it('shows the contract facts, echoes the amount in capitals and asks for amount and slip', async () => {
    renderDialog();
    const panel = await dialog();
    expect(within(panel).getByText('采购合同打款')).toBeInTheDocument();
    // Both amounts with their currency, the same way.
    for (const text of ['CG-2026-021', '杭州二手车行', '3 辆', 'CNY 100,000.00', 'CNY 300,000.00'])
      expect(within(panel).getByText(text)).toBeInTheDocument();
    await ok();
    await waitFor(() => expect(errors(panel)).toEqual(['请填写本次打款金额', '请上传银行回单']));
    await userEvent.type(amountBox(), '12345.67');
    expect(within(panel).getByTestId('money-capitals')).toHaveTextContent('大写：壹万贰仟叁佰肆拾伍元陆角柒分');
    // The amount's message goes while the clerk is still in the box, not when it is left.
    expect(amountBox()).toHaveFocus();
    await waitFor(() => expect(shownErrors(panel)).toEqual(['请上传银行回单']));
    expect(posts()).toHaveLength(0);
  });

  it('records the remittance with its slip, says 操作成功, and opens cleared the next time', async () => {
    server.on('POST /api/purchase/21/remit', envelope(201, { id: 5 }, '操作成功'));
    const { onSaved, view } = renderDialog();
    await dialog();
    await userEvent.type(amountBox(), '50000');
    await userEvent.upload(screen.getByLabelText('银行回单'), slip());
    await screen.findByText('文件上传成功');
    await ok();
    await screen.findByText('操作成功');
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(posts()[0]).toMatchObject({
      path: '/api/purchase/21/remit',
      body: { amount: 50000, bank_slips: '/storage/image/2026/11/slip-1.png' },
    });
    view.rerender(<RemitDialog purchase={undefined} onClose={() => {}} onSaved={() => {}} />);
    view.rerender(<RemitDialog purchase={{ ...target }} onClose={() => {}} onSaved={() => {}} />);
    await waitFor(() => expect(amountBox()).toHaveValue(''));
    expect(screen.queryByText('回单.png')).not.toBeInTheDocument();
  });

  it('asks before the remitted total passes the contract total; 取消 keeps the typing and sends nothing', async () => {
    server.on('POST /api/purchase/21/remit', envelope(201, { id: 6 }, '操作成功'));
    const { onSaved } = renderDialog();
    const panel = await dialog();
    // 100,000 remitted + 250,000 = 350,000 on a 300,000 contract.
    await userEvent.type(amountBox(), '250000');
    await userEvent.upload(screen.getByLabelText('银行回单'), slip());
    await screen.findByText('文件上传成功');
    await ok();
    const confirm = ((await screen.findAllByText('打款将超过合同总额')).at(-1) as HTMLElement).closest(
      '.ant-modal',
    ) as HTMLElement;
    expect(confirm).toHaveTextContent('CNY 350,000.00');
    expect(confirm).toHaveTextContent('CNY 300,000.00');
    await userEvent.click(within(confirm).getByRole('button', { name: /取\s*消/ }));
    // Closed: gone, or leaving (jsdom never ends antd's leave motion).
    await waitFor(() => expect(!confirm.isConnected || confirm.className.includes('-leave')).toBe(true));
    expect(posts()).toHaveLength(0);
    expect(amountBox()).toHaveValue('250,000.00');
    await userEvent.click(
      within(panel)
        .getByText(/确\s*定/)
        .closest('button') as HTMLElement,
    );
    const again = ((await screen.findAllByText('打款将超过合同总额')).at(-1) as HTMLElement).closest(
      '.ant-modal',
    ) as HTMLElement;
    await userEvent.click(within(again).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('操作成功');
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(posts()[0]?.body).toMatchObject({ amount: 250000 });
  });
});
