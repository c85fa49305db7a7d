import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Receipt } from '../../../../../contract/overseas';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { ReceiptCollectDialog, type ReceiptTarget } from './receipt-collect-dialog';
import { ReceiptUpdateDialog } from '../../../components/receipt-update-dialog';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

beforeEach(() => {
  server.on(
    'POST /api/upload',
    envelope(200, { url: '/storage/image/2026/11/proof-1.pdf', name: '水单.pdf', size: 8 }),
  );
});

const target: ReceiptTarget = { id: 12, order_no: 'HW-2026-012', currency: 'CNY', total: 100000, receipt_total: 2500 };

const dialog = () => screen.findByRole('dialog');
const field = (label: string) => screen.getByLabelText(label);
const errors = (panel: HTMLElement) =>
  Array.from(panel.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);
const ok = async () =>
  userEvent.click(
    within(await dialog())
      .getByText(/确\s*定/)
      .closest('button') as HTMLElement,
  );
/** The confirmation (antd writes its title twice: once for the dialog's name, once shown). */
const overTotalDialog = async () =>
  ((await screen.findAllByText('收款将超过合同总额')).at(-1) as HTMLElement).closest('.ant-modal') as HTMLElement;
const posts = () => server.requests.filter((request) => request.method !== 'GET' && request.path !== '/api/upload');

function renderCollect() {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderInApp(<ReceiptCollectDialog order={target} onClose={onClose} onSaved={onSaved} />);
  return { onSaved, onClose };
}

async function fillCollect() {
  await userEvent.type(field('金额'), '12345.67');
  await userEvent.type(field('收款单号'), 'SK-001');
  await userEvent.type(field('收款日期'), '2026-11-20{Enter}');
  await userEvent.upload(field('支付证明'), new File([new Uint8Array([37, 80, 68, 70])], '水单.pdf'));
  await screen.findByText('文件上传成功');
}

describe('receipt-collection dialog', () => {
  it('asks for amount, receipt number, date and proof, with the contract’s currency preset', async () => {
    renderCollect();
    const panel = await dialog();
    expect(within(panel).getByText(/HW-2026-012/)).toBeInTheDocument();
    // The contract's currency, shown and not chosen: the server refuses any other.
    expect(field('币种')).toHaveValue('CNY');
    expect(field('币种')).toHaveAttribute('readonly');
    expect(field('是否定金')).not.toBeChecked();
    await ok();
    await waitFor(() =>
      expect(errors(panel)).toEqual(['请填写收款金额', '请填写收款单号', '请选择收款日期', '请上传支付证明']),
    );
    expect(posts()).toHaveLength(0);
  });

  it('records the payment with is_deposit 1 and a YYYY-MM-DD date, says 操作成功 and closes', async () => {
    server.on('POST /api/order/12/receipt', envelope(201, { id: 40 }, '操作成功'));
    const { onSaved } = renderCollect();
    await dialog();
    await fillCollect();
    await userEvent.click(field('是否定金'));
    await ok();
    await screen.findByText('操作成功');
    expect(onSaved).toHaveBeenCalledTimes(1);
    // 2,500 + 12,345.67 stays under the 100,000 total: nothing to confirm.
    expect(screen.queryAllByText('收款将超过合同总额')).toHaveLength(0);
    expect(posts()[0]).toMatchObject({
      path: '/api/order/12/receipt',
      body: {
        amount: 12345.67,
        currency: 'CNY',
        receipt_no: 'SK-001',
        receipted_at: '2026-11-20',
        is_deposit: 1,
        proof: '/storage/image/2026/11/proof-1.pdf',
      },
    });
  });

  it('refuses a negative or a three-decimal amount on the field, keeping what was typed', async () => {
    renderCollect();
    const panel = await dialog();
    await fillCollect();
    await userEvent.clear(field('金额'));
    await userEvent.type(field('金额'), '-100');
    await ok();
    await waitFor(() => expect(errors(panel)).toEqual(['收款金额不能为负数']));
    expect(field('金额')).toHaveValue('-100');
    await userEvent.clear(field('金额'));
    await userEvent.type(field('金额'), '100.505');
    await ok();
    await waitFor(() => expect(errors(panel)).toEqual(['收款金额最多两位小数']));
    expect(field('金额')).toHaveValue('100.505');
    expect(posts()).toHaveLength(0);
  });

  it('asks before a receipt takes the collected total past the contract total; 取消 keeps the typing', async () => {
    server.on('POST /api/order/12/receipt', envelope(201, { id: 41 }, '操作成功'));
    const { onSaved } = renderCollect();
    const panel = await dialog();
    await fillCollect();
    await userEvent.clear(field('金额'));
    // 2,500 already collected + 98,000 = 100,500 on a 100,000 CNY contract.
    await userEvent.type(field('金额'), '98000');
    await ok();
    const confirm = await overTotalDialog();
    expect(confirm).toHaveTextContent('收款后已收合计 CNY 100,500.00，超过合同总额 CNY 100,000.00');
    await userEvent.click(within(confirm).getByRole('button', { name: /取\s*消/ }));
    // Closed: gone, or leaving (jsdom never ends antd's leave motion).
    await waitFor(() => expect(!confirm.isConnected || confirm.className.includes('-leave')).toBe(true));
    expect(posts()).toHaveLength(0);
    expect(panel).toBeInTheDocument();
    expect(field('金额')).toHaveValue('98,000.00');
    expect(field('收款单号')).toHaveValue('SK-001');

    await userEvent.click(
      within(panel)
        .getByText(/确\s*定/)
        .closest('button') as HTMLElement,
    );
    const again = await overTotalDialog();
    await userEvent.click(within(again).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('操作成功');
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(posts()[0]?.body).toMatchObject({ amount: 98000, currency: 'CNY' });
  });

  it('shows the server’s refusal and keeps the dialog open with what was typed', async () => {
    server.on(
      'POST /api/order/12/receipt',
      envelope(422, { errors: { currency: ['收款币种须与合同币种一致'] } }, '收款币种须与合同币种一致'),
    );
    const { onSaved } = renderCollect();
    const panel = await dialog();
    await fillCollect();
    await ok();
    expect(await within(panel).findByRole('alert')).toHaveTextContent('收款币种须与合同币种一致');
    await waitFor(() => expect(errors(panel)).toEqual(['收款币种须与合同币种一致']));
    expect(onSaved).not.toHaveBeenCalled();
    expect(field('收款单号')).toHaveValue('SK-001');
    expect(posts()[0]?.body).toMatchObject({ is_deposit: 0 });
  });
});

const receipt: Receipt = {
  id: 40,
  order_id: 12,
  amount: 12345.67,
  currency: 'CNY',
  receipt_no: 'SK-001',
  receipted_at: '2026-11-20',
  remitter: null,
  settlement: null,
  actual_total: null,
  registered_address: null,
  proof: '/storage/image/2026/11/proof-1.pdf',
  receipt: null,
  is_deposit: 0,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-20T09:00:00.456+08:00',
};

describe('receipt update dialog', () => {
  it('needs receipt number, date and settlement amount; actual amount and address are optional', async () => {
    renderInApp(<ReceiptUpdateDialog receipt={receipt} onClose={() => undefined} onSaved={() => undefined} />);
    const panel = await dialog();
    expect(field('收款单号')).toHaveValue('SK-001');
    expect(field('收款日期')).toHaveValue('2026-11-20');
    await userEvent.clear(field('收款单号'));
    // The clear icon shows on hover; a clerk's mouse is over it when clicking.
    await userEvent.setup({ pointerEventsCheck: 0 }).click(panel.querySelector('.ant-picker-clear') as HTMLElement);
    await ok();
    await waitFor(() => expect(errors(panel)).toEqual(['请填写收款单号', '请选择收款日期', '请填写结汇金额']));
    expect(posts()).toHaveLength(0);
  });

  it('sends the receipt with updated_at and says 编辑成功', async () => {
    server.on('PUT /api/receipt/40', envelope(200, { id: 40 }, '编辑成功'));
    const onSaved = vi.fn();
    renderInApp(<ReceiptUpdateDialog receipt={receipt} onClose={() => undefined} onSaved={onSaved} />);
    await dialog();
    await userEvent.type(field('结汇金额'), '85000');
    await userEvent.type(field('注册地址'), '上海市浦东新区');
    await ok();
    await screen.findByText('编辑成功');
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(posts()[0]).toMatchObject({
      method: 'PUT',
      path: '/api/receipt/40',
      body: {
        receipt_no: 'SK-001',
        receipted_at: '2026-11-20',
        settlement: 85000,
        actual_total: '',
        registered_address: '上海市浦东新区',
        receipt: '',
        updated_at: '2026-11-20T09:00:00.456+08:00',
      },
    });
  });

  it('refuses a negative settlement amount on the field instead of turning it into 0', async () => {
    renderInApp(<ReceiptUpdateDialog receipt={receipt} onClose={() => undefined} onSaved={() => undefined} />);
    const panel = await dialog();
    await userEvent.type(field('结汇金额'), '-85000');
    await ok();
    await waitFor(() => expect(errors(panel)).toEqual(['结汇金额不能为负数']));
    expect(field('结汇金额')).toHaveValue('-85000');
    expect(posts()).toHaveLength(0);
  });

  it('keeps the dialog open on a stale save (409) and says why', async () => {
    server.on('PUT /api/receipt/40', envelope(409, null, '该记录已被他人修改，请刷新后重试'));
    const onSaved = vi.fn();
    renderInApp(<ReceiptUpdateDialog receipt={receipt} onClose={() => undefined} onSaved={onSaved} />);
    const panel = await dialog();
    await userEvent.type(field('结汇金额'), '85000');
    await ok();
    expect(await within(panel).findByRole('alert')).toHaveTextContent('该记录已被他人修改，请刷新后重试');
    expect(onSaved).not.toHaveBeenCalled();
    expect(field('结汇金额')).toHaveValue('85,000.00');
  });
});
