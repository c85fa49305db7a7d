/** 记账汇率 (/setting/rates, issue 26): the months and their USD rate, add, change, and each month's history. */
import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Rate } from '../../../../../contract/profit';
import { historyQueries } from '../../../components/history-testing';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { RatesPage } from './rates-page';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();
let rates: Rate[];

beforeEach(() => {
  rates = [
    { month: '2026-10', currency: 'USD', rate: '7.05', updated_at: '2026-10-01T09:00:00.000+08:00' },
    { month: '2026-11', currency: 'USD', rate: '7.123456', updated_at: '2026-11-01T09:00:00.000+08:00' },
  ];
  server.on('GET /api/rates', () => envelope(200, rates));
  // The scripted server answers exact paths: every month a test saves.
  for (const month of ['2026-10', '2026-11', '2026-12'])
    server.on(`PUT /api/rates/${month}`, (request) => {
      const body = request.body as { currency: 'USD'; rate: string };
      const saved = { month, currency: body.currency, rate: body.rate, updated_at: '2026-11-27T10:00:00.000+08:00' };
      rates = [...rates.filter((rate) => rate.month !== month), saved];
      return envelope(200, saved, '保存成功');
    });
});

const open = async () => {
  renderInApp(<RatesPage />, { initialEntries: ['/setting/rates'] });
  return screen.findByText('7.123456');
};
const months = () =>
  Array.from(
    document.querySelectorAll('.ant-table-tbody tr[data-row-key]'),
    (row) => row.querySelector('td')?.textContent,
  );
const dialog = () => screen.findByRole('dialog');
const confirm = async (box: HTMLElement) =>
  userEvent.click(
    within(box)
      .getByText(/确\s*定/)
      .closest('button') as HTMLElement,
  );
const puts = () => server.requests.filter((request) => request.method === 'PUT');
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);

describe('记账汇率', () => {
  it('lists the months newest first with the rate exactly as kept', async () => {
    await open();
    expect(months()).toEqual(['2026-11', '2026-10']);
    expect(screen.getByText('7.05')).toBeInTheDocument();
    expect(screen.getAllByText('USD')).toHaveLength(2);
  });

  it('adds a month: the contract’s words for a wrong rate, a month already set refused, then PUT /api/rates/{month}', async () => {
    await open();
    await userEvent.click(screen.getByRole('button', { name: /新增记账汇率/ }));
    const box = await dialog();
    await confirm(box);
    await waitFor(() => expect(errors()).toEqual(['请选择月份', '请输入记账汇率']));

    const month = within(box).getByPlaceholderText('请选择月份');
    await userEvent.click(month);
    await userEvent.type(month, '2026-11{Enter}');
    const rate = within(box).getByLabelText('记账汇率');
    await userEvent.type(rate, '7.1234567');
    await confirm(box);
    await waitFor(() => expect(errors()).toEqual(['该月份已设置记账汇率，请在列表中修改', '记账汇率最多6位小数']));

    await userEvent.clear(rate);
    await userEvent.type(rate, '0');
    await userEvent.clear(month);
    await userEvent.type(month, '2026-12{Enter}');
    await confirm(box);
    await waitFor(() => expect(errors()).toEqual(['记账汇率必须大于 0']));
    expect(puts()).toHaveLength(0);

    await userEvent.clear(rate);
    await userEvent.type(rate, '7.2');
    await confirm(box);
    await screen.findByText('保存成功');
    expect(puts()[0]).toMatchObject({ path: '/api/rates/2026-12', body: { currency: 'USD', rate: '7.2' } });
    await waitFor(() => expect(months()).toEqual(['2026-12', '2026-11', '2026-10']));
  });

  it('changes a month’s rate with the month locked, and shows the server’s refusal in the dialog', async () => {
    await open();
    await userEvent.click(screen.getByRole('button', { name: '修改 2026-10 记账汇率' }));
    const box = await dialog();
    expect(within(box).getByPlaceholderText('请选择月份')).toHaveValue('2026-10');
    expect(within(box).getByPlaceholderText('请选择月份')).toBeDisabled();
    const rate = within(box).getByLabelText('记账汇率');
    expect(rate).toHaveValue('7.05');

    server.on('PUT /api/rates/2026-10', envelope(403, null, '只有管理员可以设置记账汇率'));
    await userEvent.clear(rate);
    await userEvent.type(rate, '7.08');
    await confirm(box);
    expect(await within(box).findByText('只有管理员可以设置记账汇率')).toBeInTheDocument();
    expect(puts()[0]).toMatchObject({ path: '/api/rates/2026-10', body: { rate: '7.08' } });
  });

  it('shows a month’s 变更记录 (entity rate, id YYYY-MM:USD)', async () => {
    server.on('GET /api/history', (request) =>
      envelope(200, {
        data:
          request.query.get('id') === '2026-11:USD'
            ? [
                {
                  id: 1,
                  at: '2026-11-26 14:30:00',
                  by: { id: 2, nickname: '李会计' },
                  action: 'update',
                  entity: 'rate',
                  entity_id: '2026-11:USD',
                  changes: [{ field: 'rate', label: '记账汇率', before: '7.1', after: '7.123456' }],
                },
              ]
            : [],
        meta: { total: 1, page: 1, limit: 15 },
      }),
    );
    await open();
    await userEvent.click(screen.getByRole('button', { name: '2026-11 记账汇率的变更记录' }));
    const drawer = await screen.findByRole('dialog', { name: '变更记录：2026-11 记账汇率' });
    expect(await within(drawer).findByText('李会计')).toBeInTheDocument();
    expect(historyQueries(server)).toEqual([{ entity: 'rate', id: '2026-11:USD', page: '1' }]);
  });
});
