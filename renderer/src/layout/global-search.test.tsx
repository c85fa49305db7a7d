import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchAnswer } from '../../../contract/search';
import { renderInApp } from '../testing/render-app';
import { envelope } from '../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../testing/scripted-api-for-each-test';
import { useLayoutStore } from '../stores/layout';
import { GlobalSearch } from './global-search';

configure({ asyncUtilTimeout: 6000 });

const server = scriptedApiForEachTest();

const nothing: SearchAnswer = { vehicles: [], orders: [], purchases: [], exports: [], customers: [] };

const everything: SearchAnswer = {
  vehicles: [
    { id: 7, vin: 'LFV3A23C8R3796796', model: '大众 速腾', order_no: 'HW-2026-0796' },
    { id: 8, vin: 'LFV3A23C8R3796797', model: null, order_no: null },
  ],
  orders: [{ id: 11, order_no: 'HW-2026-0796', customer_name: 'Almaty Motors' }],
  purchases: [{ id: 21, purchase_no: 'CG-0796-01', customer_name: '杭州二手车行' }],
  exports: [
    { id: 31, bgd_sn: '310120260000796', order_id: 11, order_no: 'HW-2026-0796', purchase_id: 21 },
    { id: 32, bgd_sn: '310120260000797', order_id: 12, order_no: 'HW-2026-0797', purchase_id: null },
  ],
  customers: [{ id: 41, name: '0796 汽车贸易', type: 2 }],
};

const searches = () => server.requests.filter((request) => request.path === '/api/search');

beforeEach(() => {
  useLayoutStore.setState({ device: 'desktop' });
  server.on('GET /api/search', (request) => envelope(200, request.query.get('q') === 'zzz' ? nothing : everything));
  server.on('GET /api/customerType', envelope(200, [{ id: 2, name: '销外客户', status: 1 }]));
});

const renderBox = () =>
  renderInApp(
    <div>
      <input aria-label="别的输入框" />
      <GlobalSearch />
    </div>,
  );

const box = () => screen.findByRole('combobox', { name: '全局搜索' });
const trigger = () => screen.getByRole('button', { name: '全局搜索 (Ctrl+K)' });
/** Closed: the top bar's button says so (the dialog itself may linger in the DOM while it fades). */
const closed = () => waitFor(() => expect(trigger()).toHaveAttribute('aria-expanded', 'false'));

const openAndType = async (text: string) => {
  await userEvent.keyboard('{Control>}k{/Control}');
  await userEvent.type(await box(), text);
};

describe('the top bar’s search box', { timeout: 45_000 }, () => {
  it('opens with Ctrl+K, says what can be searched, and Esc closes it', async () => {
    renderBox();
    expect(screen.queryByRole('combobox', { name: '全局搜索' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(await box()).toHaveFocus();
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    expect(
      screen.getByText('可搜索车架号（如后4–6位）、海外合同号、采购合同号、报关单号或客户名称'),
    ).toBeInTheDocument();
    await userEvent.type(await box(), 'abc');
    await userEvent.keyboard('{Escape}');
    await closed();
    // Opened again, it starts empty.
    await userEvent.keyboard('{Control>}k{/Control}');
    await waitFor(() => expect(trigger()).toHaveAttribute('aria-expanded', 'true'));
    expect(await box()).toHaveValue('');
  });

  it('opens with / except while typing in a field, and from its button', async () => {
    renderBox();
    await userEvent.click(screen.getByLabelText('别的输入框'));
    await userEvent.keyboard('/');
    expect(screen.getByLabelText('别的输入框')).toHaveValue('/');
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');

    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('/');
    // The slash opened the box and was not typed into it.
    expect(await box()).toHaveValue('');
    await userEvent.keyboard('{Escape}');
    await closed();

    await userEvent.click(trigger());
    await waitFor(() => expect(trigger()).toHaveAttribute('aria-expanded', 'true'));
    expect(await box()).toHaveFocus();
  });

  it('asks the server once the typing pauses: one request for four quick keys, 8 of each kind', async () => {
    renderBox();
    await openAndType('6796');
    await screen.findByRole('listbox', { name: '搜索结果' });
    // Long enough for any late request of the quick keys to have been sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(searches().map((request) => Object.fromEntries(request.query))).toEqual([{ q: '6796', limit: '8' }]);
  });

  it('groups the results by kind and highlights what was typed, ignoring case', async () => {
    renderBox();
    await openAndType('r3796');
    const list = await screen.findByRole('listbox', { name: '搜索结果' });
    const groups = within(list).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-label'))).toEqual([
      '车辆',
      '海外合同',
      '采购合同',
      '报关单',
      '客户',
    ]);
    const [vehicles, orders, purchases, declarations, customers] = groups as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(vehicles).getAllByRole('option')).toHaveLength(2);
    expect(within(vehicles).getAllByRole('option')[0]).toHaveTextContent(
      'LFV3A23C8R3796796大众 速腾 · 海外合同 HW-2026-0796',
    );
    // Typed in lower case, the VIN's capitals light up.
    const marks = [...vehicles.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['R3796', 'R3796']);
    expect(within(orders).getByRole('option')).toHaveTextContent('HW-2026-0796Almaty Motors');
    expect(within(purchases).getByRole('option')).toHaveTextContent('CG-0796-01杭州二手车行');
    expect(within(declarations).getAllByRole('option')[1]).toHaveTextContent('310120260000797海外合同 HW-2026-0797');
    // A customer says its type by name.
    expect(await within(customers).findByText('销外客户')).toBeInTheDocument();
  });

  it('marks a name’s Chinese characters', async () => {
    renderBox();
    await openAndType('汽车');
    const list = await screen.findByRole('listbox', { name: '搜索结果' });
    const customer = within(within(list).getByRole('group', { name: '客户' })).getByRole('option');
    expect([...customer.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['汽车']);
  });

  it.each([
    ['the first vehicle', 0, '/vehicle/7'],
    ['the second vehicle', 1, '/vehicle/8'],
    ['an overseas contract', 2, '/overseas/info/11'],
    ['a purchase contract', 3, '/purchase/info/21'],
    ['a declaration', 4, '/release/info/11/21'],
    ['a declaration on no purchase contract, its contract’s 业务信息', 5, '/filed/info/12'],
    ['a customer, its drawer on the customer list', 6, '/custom/list?open=41'],
  ])('↓ and Enter open %s', async (_, downs, path) => {
    const view = renderBox();
    await openAndType('0796');
    await screen.findByRole('listbox', { name: '搜索结果' });
    const input = await box();
    for (let step = 0; step < downs; step += 1) await userEvent.keyboard('{ArrowDown}');
    const chosen = screen.getAllByRole('option')[downs] as HTMLElement;
    expect(chosen).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', chosen.id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(view.location()).toBe(path));
  });

  it('↑ from the first result goes round to the last; a click opens a result too', async () => {
    const view = renderBox();
    await openAndType('0796');
    await screen.findByRole('listbox', { name: '搜索结果' });
    await userEvent.keyboard('{ArrowUp}');
    const options = screen.getAllByRole('option');
    expect(options.at(-1)).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(within(options[2] as HTMLElement).getByText('Almaty Motors'));
    await waitFor(() => expect(view.location()).toBe('/overseas/info/11'));
  });

  it('also lists the screens whose menu title holds the text', async () => {
    const view = renderBox();
    await openAndType('员工');
    const pages = await screen.findByRole('group', { name: '页面' });
    await userEvent.click(within(pages).getByRole('option', { name: '系统设置 > 员工管理' }));
    await waitFor(() => expect(view.location()).toBe('/setting/staff'));
  });

  it('says when nothing was found', async () => {
    renderBox();
    await openAndType('zzz');
    expect(await screen.findByText('没有找到相关的车辆、合同、报关单或客户')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
