import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import type { CustomerOption, CustomerTypeKind } from '../../../contract/customer';
import { renderInApp } from '../testing/render-app';
import { scriptedApiForEachTest } from '../testing/scripted-api-for-each-test';
import { customerSearch } from '../testing/customer-search';
import { PartyNameInput } from './party-name-input';

const server = scriptedApiForEachTest();

const customers: CustomerOption[] = [
  {
    id: 3,
    name: 'Almaty Motors',
    type: '销外客户',
    type_id: 1,
    address: null,
    contact_way: null,
    country: '哈萨克斯坦',
  },
  { id: 6, name: 'Almaty Trade', type: '销外客户', type_id: 1, address: null, contact_way: null, country: null },
  { id: 4, name: 'Almaty 代理', type: '代理人', type_id: 2, address: null, contact_way: null, country: null },
  { id: 7, name: 'Almaty 车行', type: '供应商', type_id: 3, address: null, contact_way: null, country: null },
];

function Box({ kind, picked }: { kind: CustomerTypeKind; picked: CustomerOption[] }) {
  return (
    <Form>
      <Form.Item label="客户名称" name="name">
        <PartyNameInput kind={kind} onPick={(customer) => picked.push(customer)} placeholder="请输入或选择客户" />
      </Form.Item>
    </Form>
  );
}

/** The suggestions the clerk sees under the box. */
const shown = () =>
  [...document.querySelectorAll('.ant-select-item-option-content')].map((option) => option.textContent ?? '');

const searches = () => server.requests.filter((request) => request.path === '/api/customer/search');

describe('PartyNameInput: the server searches as the clerk types', () => {
  it('asks once the clerk pauses, offers what it found (no agents, no sellers for a customer), and hands over the pick', async () => {
    server.on('GET /api/customer/search', customerSearch(customers));
    const picked: CustomerOption[] = [];
    renderInApp(<Box kind="customer" picked={picked} />);
    const box = screen.getByRole('combobox', { name: '客户名称' });
    await userEvent.type(box, 'alma');
    // One request for the four keys typed quickly, with the whole text.
    await waitFor(() => expect(searches().map((request) => request.query.get('name'))).toContain('alma'));
    expect(searches().filter((request) => request.query.get('name') !== null)).toHaveLength(1);
    await waitFor(() => expect(shown()).toEqual(['Almaty Motors · 哈萨克斯坦', 'Almaty Trade']));
    // The server narrows by kind: the 20 it answers are all customers.
    expect(searches().every((request) => request.query.get('kind') === 'customer')).toBe(true);
    await userEvent.click(
      [...document.querySelectorAll('.ant-select-item-option-content')].find(
        (option) => option.textContent === 'Almaty Trade',
      ) as HTMLElement,
    );
    expect(picked.map((customer) => customer.id)).toEqual([6]);
    expect(box).toHaveValue('Almaty Trade');
  });

  it('asks for the agents only in the agent box', async () => {
    server.on('GET /api/customer/search', customerSearch(customers));
    renderInApp(<Box kind="agent" picked={[]} />);
    await userEvent.type(screen.getByRole('combobox', { name: '客户名称' }), 'alm');
    await waitFor(() => expect(shown()).toEqual(['Almaty 代理']));
    expect(searches().every((request) => request.query.get('kind') === 'agent')).toBe(true);
  });

  it('offers sellers only in the seller box (the purchase form)', async () => {
    server.on('GET /api/customer/search', customerSearch(customers));
    renderInApp(<Box kind="seller" picked={[]} />);
    await userEvent.type(screen.getByRole('combobox', { name: '客户名称' }), 'alm');
    await waitFor(() => expect(shown()).toEqual(['Almaty 车行']));
    expect(searches().every((request) => request.query.get('kind') === 'seller')).toBe(true);
  });
});
