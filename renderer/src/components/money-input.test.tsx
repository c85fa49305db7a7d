import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { renderInApp } from '../testing/render-app';
import { MoneyInput, moneyRules, moneyText, moneyValueFromText, type MoneyValue } from './money-input';

configure({ asyncUtilTimeout: 4000 });

interface Values {
  total: MoneyValue;
  fee: MoneyValue;
}

function renderForm(initial: Partial<Values> = {}) {
  const saved: Values[] = [];
  function Screen() {
    const [form] = Form.useForm<Values>();
    return (
      <Form<Values> form={form} initialValues={initial} onFinish={(values) => saved.push(values)}>
        <Form.Item label="合同总额" name="total" rules={moneyRules({ label: '合同总额', required: '请输入订单总额' })}>
          <MoneyInput suffix="USD" />
        </Form.Item>
        <Form.Item label="服务费" name="fee" rules={moneyRules({ label: '服务费', allowZero: true })}>
          <MoneyInput />
        </Form.Item>
        <Button htmlType="submit">保存</Button>
      </Form>
    );
  }
  renderInApp(<Screen />);
  return { saved };
}

const box = (label: string) => screen.getByLabelText(label);
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);
/**
 * The messages a screen reader gives for a field: its `aria-describedby` help, without what the page
 * hides (antd keeps a replaced message in the document while it fades out).
 */
const spoken = (label: string) =>
  (box(label).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .flatMap((id) => Array.from(document.getElementById(id)?.querySelectorAll('.ant-form-item-explain-error') ?? []))
    .filter((node) => getComputedStyle(node).display !== 'none')
    .map((node) => node.textContent);

/** Every distinct set of messages the field said until `stop`, looked at as often as the page changes. */
function listen(label: string) {
  const heard: (string | null)[][] = [];
  const note = () => {
    const now = spoken(label);
    if (JSON.stringify(heard.at(-1)) !== JSON.stringify(now)) heard.push(now);
  };
  const observer = new MutationObserver(note);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  note();
  return {
    stop: () => {
      observer.disconnect();
      return heard;
    },
  };
}

const save = () => userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

describe('MoneyInput', () => {
  it('shows an amount with thousands separators and two decimals, and sends it as a number', async () => {
    const { saved } = renderForm({ fee: 0 });
    await userEvent.type(box('合同总额'), '1234567.5');
    expect(box('合同总额')).toHaveValue('1234567.5');
    await userEvent.tab();
    expect(box('合同总额')).toHaveValue('1,234,567.50');
    expect(box('服务费')).toHaveValue('0.00');
    await save();
    await waitFor(() => expect(saved).toEqual([{ total: 1234567.5, fee: 0 }]));
  });

  it('typing over a selected amount replaces it (the box does not reformat when it takes the focus)', async () => {
    const { saved } = renderForm({ total: 400000, fee: 0 });
    expect(box('合同总额')).toHaveValue('400,000.00');
    const input = box('合同总额') as HTMLInputElement;
    input.focus();
    input.select();
    await userEvent.keyboard('410000');
    expect(input).toHaveValue('410000');
    await userEvent.tab();
    await save();
    await waitFor(() => expect(saved).toEqual([{ total: 410000, fee: 0 }]));
  });

  it('keeps −100 as typed and refuses it with the contract’s message, instead of turning it into 0.00', async () => {
    const { saved } = renderForm({ fee: 0 });
    await userEvent.type(box('合同总额'), '-100');
    await userEvent.tab();
    expect(box('合同总额')).toHaveValue('-100');
    await save();
    await waitFor(() => expect(errors()).toEqual(['合同总额不能为负数']));
    expect(saved).toEqual([]);
  });

  it('refuses a third decimal and an amount over 999,999,999,999.99, leaving both as typed', async () => {
    const { saved } = renderForm({ fee: 0 });
    await userEvent.type(box('合同总额'), '12.345');
    await userEvent.tab();
    expect(box('合同总额')).toHaveValue('12.345');
    await waitFor(() => expect(errors()).toEqual(['合同总额最多两位小数']));
    await userEvent.clear(box('合同总额'));
    await userEvent.type(box('合同总额'), '9999999999999');
    await userEvent.tab();
    expect(box('合同总额')).toHaveValue('9999999999999');
    await waitFor(() => expect(errors()).toEqual(['合同总额不能超过 999,999,999,999.99']));
    await save();
    expect(saved).toEqual([]);
  });

  it('refuses 0 for a total but takes 0 for a fee; an empty total says the required message', async () => {
    const { saved } = renderForm();
    await save();
    await waitFor(() => expect(errors()).toEqual(['请输入订单总额']));
    await userEvent.type(box('合同总额'), '0');
    await userEvent.type(box('服务费'), '0');
    await save();
    await waitFor(() => expect(errors()).toEqual(['合同总额必须大于 0']));
    await userEvent.clear(box('合同总额'));
    await userEvent.type(box('合同总额'), '999999999999.99');
    await save();
    await waitFor(() => expect(saved).toEqual([{ total: 999_999_999_999.99, fee: 0 }]));
    expect(box('合同总额')).toHaveValue('999,999,999,999.99');
  });

  it('drops a stale message at once when the amount is corrected, before blur or save', async () => {
    renderForm({ fee: 0 });
    await userEvent.type(box('合同总额'), '十万');
    await waitFor(() => expect(spoken('合同总额')).toEqual(['合同总额格式不正确']));
    // Still in the box: the correction alone takes the message away, within the 500 ms that antd's
    // fading message used to stay (in the document and read out) after it was no longer true.
    (box('合同总额') as HTMLInputElement).select();
    await userEvent.keyboard('5');
    expect(box('合同总额')).toHaveValue('5');
    expect(box('合同总额')).toHaveFocus();
    await waitFor(() => expect(spoken('合同总额')).toEqual([]), { timeout: 300 });
  });

  it('never says 格式不正确 and 请输入… together: emptied, then a wrong amount, one message at a time', async () => {
    renderForm({ fee: 0 });
    await userEvent.type(box('合同总额'), 'abc');
    await waitFor(() => expect(spoken('合同总额')).toEqual(['合同总额格式不正确']));
    const heard = listen('合同总额');
    await userEvent.clear(box('合同总额'));
    await waitFor(() => expect(spoken('合同总额')).toEqual(['请输入订单总额']), { timeout: 300 });
    await userEvent.type(box('合同总额'), 'x');
    await waitFor(() => expect(spoken('合同总额')).toEqual(['合同总额格式不正确']), { timeout: 300 });
    await save();
    expect(spoken('合同总额')).toEqual(['合同总额格式不正确']);
    expect(heard.stop().filter((messages) => messages.length > 1)).toEqual([]);
  });

  it('refuses words and keeps them', async () => {
    renderForm();
    await userEvent.type(box('合同总额'), '十万');
    await userEvent.tab();
    expect(box('合同总额')).toHaveValue('十万');
    await waitFor(() => expect(errors()).toEqual(['合同总额格式不正确']));
  });
});

describe('money text', () => {
  it('reads what a clerk types without changing it', () => {
    expect(moneyValueFromText('45,000.50')).toBe(45000.5);
    expect(moneyValueFromText(' 5.100 ')).toBe(5.1);
    expect(moneyValueFromText('-100')).toBe(-100);
    expect(moneyValueFromText('')).toBeNull();
    expect(moneyValueFromText('1.0000000000000001')).toBe('1.0000000000000001');
    expect(moneyText(1234.5)).toBe('1,234.50');
    expect(moneyText(-100)).toBe('-100');
    expect(moneyText(1.234)).toBe('1.234');
  });
});
