import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { renderInApp } from '../testing/render-app';
import { VehicleTransfer, vehicleTransferRule, type VehicleTransferItem } from './vehicle-transfer';

configure({ asyncUtilTimeout: 4000 });

const cars: VehicleTransferItem[] = [
  { id: 11, vin: 'LSVAB1230RA200011', model: '凯美瑞 2.0G' },
  { id: 12, vin: 'LSVAB1230RA200012', model: '雅阁 1.5T' },
  { id: 13, vin: 'LFV2A2150N3000013', model: null },
];

interface Values {
  car_ids: number[];
}

function renderForm(initial: number[] = [], vehicles: VehicleTransferItem[] = cars) {
  const saved: Values[] = [];
  function Screen() {
    const [form] = Form.useForm<Values>();
    return (
      <Form<Values> form={form} initialValues={{ car_ids: initial }} onFinish={(values) => saved.push(values)}>
        <Form.Item label="出口车辆" name="car_ids" rules={[vehicleTransferRule('请先选择要出口的车辆')]}>
          <VehicleTransfer title="待出口车辆" vehicles={vehicles} />
        </Form.Item>
        <Button htmlType="submit">保存</Button>
      </Form>
    );
  }
  renderInApp(<Screen />);
  return { saved };
}

const pane = (index: 0 | 1): HTMLElement => {
  const found = document.querySelectorAll<HTMLElement>('.ant-transfer-section')[index];
  if (!found) throw new Error(`no transfer pane ${index}`);
  return found;
};
const vinsIn = (index: 0 | 1) =>
  Array.from(pane(index).querySelectorAll('.vehicle-transfer-vin'), (node) => node.textContent);
const save = () => userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);

describe('VehicleTransfer', () => {
  it('titles the panes, refuses a save with nothing chosen, and saves the ids moved right in their order', async () => {
    const { saved } = renderForm();
    expect(within(pane(0)).getByText('待出口车辆')).toBeInTheDocument();
    expect(within(pane(1)).getByText('已选择')).toBeInTheDocument();
    expect(vinsIn(0)).toEqual(['LSVAB1230RA200011', 'LSVAB1230RA200012', 'LFV2A2150N3000013']);
    expect(within(pane(0)).getByText('凯美瑞 2.0G')).toBeInTheDocument();

    await save();
    await waitFor(() => expect(errors()).toEqual(['请先选择要出口的车辆']));
    expect(saved).toEqual([]);

    await userEvent.click(within(pane(0)).getByText('LFV2A2150N3000013'));
    await userEvent.click(within(pane(0)).getByText('LSVAB1230RA200011'));
    await userEvent.click(screen.getByRole('button', { name: /加\s*入/ }));
    expect(vinsIn(1)).toEqual(['LSVAB1230RA200011', 'LFV2A2150N3000013']);
    await waitFor(() => expect(errors()).toEqual([]));
    await save();
    await waitFor(() => expect(saved).toEqual([{ car_ids: [11, 13] }]));

    await userEvent.click(within(pane(1)).getByText('LSVAB1230RA200011'));
    await userEvent.click(screen.getByRole('button', { name: /移\s*出/ }));
    await save();
    await waitFor(() => expect(saved.at(-1)).toEqual({ car_ids: [13] }));
  });

  it('searches each pane by VIN, typed in any case, and Enter moves the one vehicle found', async () => {
    const { saved } = renderForm([11, 12], [...cars, { id: 14, vin: 'LSVAB1230RA200014' }]);
    const leftSearch = screen.getAllByPlaceholderText('请输入车架号')[0] as HTMLElement;
    const rightSearch = screen.getAllByPlaceholderText('请输入车架号')[1] as HTMLElement;
    await userEvent.type(leftSearch, 'lfv2');
    expect(vinsIn(0)).toEqual(['LFV2A2150N3000013']);
    await userEvent.clear(leftSearch);
    await userEvent.type(leftSearch, '0013{Enter}');
    expect(vinsIn(1)).toEqual(['LSVAB1230RA200011', 'LSVAB1230RA200012', 'LFV2A2150N3000013']);
    // Enter with several found moves nothing: the clerk narrows first.
    await userEvent.type(rightSearch, 'LS{Enter}');
    expect(vinsIn(1)).toEqual(['LSVAB1230RA200011', 'LSVAB1230RA200012']);
    await userEvent.type(rightSearch, 'VAB1230RA200012{Enter}');
    await save();
    await waitFor(() => expect(saved).toEqual([{ car_ids: [11, 13] }]));
  });

  it('works from the keyboard: Space on a vehicle check box ticks it, Enter on 加入 moves it', async () => {
    const { saved } = renderForm();
    const boxes = within(pane(0)).getAllByRole('checkbox');
    // The first box ticks the whole pane; the second is the first vehicle.
    (boxes[1] as HTMLElement).focus();
    await userEvent.keyboard(' ');
    const add = screen.getByRole('button', { name: /加\s*入/ });
    add.focus();
    await userEvent.keyboard('{Enter}');
    expect(vinsIn(1)).toEqual(['LSVAB1230RA200011']);
    await save();
    await waitFor(() => expect(saved).toEqual([{ car_ids: [11] }]));
  });

  it('keeps a chosen vehicle the list does not know, named by its id, so that a save does not drop it', async () => {
    const { saved } = renderForm([99, 12]);
    expect(vinsIn(1)).toEqual(['车辆 #99', 'LSVAB1230RA200012']);
    await save();
    await waitFor(() => expect(saved).toEqual([{ car_ids: [99, 12] }]));
  });

  it('says when nothing waits', () => {
    renderForm([], []);
    expect(within(pane(0)).getByText('没有可选择的车辆')).toBeInTheDocument();
    expect(within(pane(1)).getByText('请从左侧选择车辆')).toBeInTheDocument();
  });
});
