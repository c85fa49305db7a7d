import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeadlineRule } from '../../../../../contract/deadline';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { DeadlineRulesPage } from './deadline-rules-page';

configure({ asyncUtilTimeout: 6000 });

const server = scriptedApiForEachTest();
let rules: DeadlineRule[];

beforeEach(() => {
  rules = [
    { key: 'temp_plate', label: '临时牌照到期', days: 30, fixed: null, enabled: 1 },
    { key: 'drawback', label: '退税申报', days: 0, fixed: '04-30', enabled: 1 },
  ];
  server.on('GET /api/deadline/rules', () => envelope(200, rules));
  for (const key of ['temp_plate', 'drawback'])
    server.on(`PUT /api/deadline/rules/${key}`, (request) => {
      const body = request.body as Partial<DeadlineRule>;
      rules = rules.map((rule) => (rule.key === key ? { ...rule, ...body } : rule));
      return envelope(
        200,
        rules.find((rule) => rule.key === key),
      );
    });
});

const saves = () => server.requests.filter((request) => request.method === 'PUT');
const rowOf = async (label: string) => (await screen.findByText(label, { selector: 'td' })).closest('tr')!;

describe('期限设置', () => {
  it('shows each rule with what starts and ends it, its days and its switch; the tax refund’s date is fixed', async () => {
    renderInApp(<DeadlineRulesPage />, { initialEntries: ['/setting/deadlines'] });
    const plate = await rowOf('临时牌照到期');
    expect(within(plate).getByText('上牌或过户完成')).toBeInTheDocument();
    expect(within(plate).getByText('报关单保存')).toBeInTheDocument();
    expect(within(plate).getByLabelText('临时牌照到期 天数')).toHaveValue('30');
    expect(within(plate).getByRole('switch', { name: '临时牌照到期 启用' })).toBeChecked();
    // 保存 waits for a change.
    expect(within(plate).getByRole('button', { name: '保存 临时牌照到期' })).toBeDisabled();

    const drawback = await rowOf('退税申报');
    expect(within(drawback).getByText('每年4月30日（出口次年）')).toBeInTheDocument();
    expect(within(drawback).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(drawback).queryByLabelText('退税申报 天数')).not.toBeInTheDocument();
  });

  it('saves one row’s days and switch, says so, and keeps the saved values', async () => {
    renderInApp(<DeadlineRulesPage />, { initialEntries: ['/setting/deadlines'] });
    const plate = await rowOf('临时牌照到期');
    const days = within(plate).getByLabelText('临时牌照到期 天数');
    await userEvent.clear(days);
    await userEvent.type(days, '3');
    await userEvent.click(within(plate).getByRole('button', { name: '保存 临时牌照到期' }));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(saves().map((request) => [request.path, request.body])).toEqual([
      ['/api/deadline/rules/temp_plate', { days: 3, enabled: 1 }],
    ]);
    await waitFor(() => expect(within(plate).getByRole('button', { name: '保存 临时牌照到期' })).toBeDisabled());
    expect(within(plate).getByLabelText('临时牌照到期 天数')).toHaveValue('3');
  });

  it('turns the fixed-date rule off without sending days', async () => {
    renderInApp(<DeadlineRulesPage />, { initialEntries: ['/setting/deadlines'] });
    const drawback = await rowOf('退税申报');
    await userEvent.click(within(drawback).getByRole('switch', { name: '退税申报 启用' }));
    await userEvent.click(within(drawback).getByRole('button', { name: '保存 退税申报' }));
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(saves().map((request) => request.body)).toEqual([{ enabled: 0 }]);
    expect(within(drawback).getByRole('switch', { name: '退税申报 启用' })).not.toBeChecked();
  });

  it('shows the server’s 422 message on the row and keeps the typing', async () => {
    renderInApp(<DeadlineRulesPage />, { initialEntries: ['/setting/deadlines'] });
    const plate = await rowOf('临时牌照到期');
    const days = within(plate).getByLabelText('临时牌照到期 天数');
    await userEvent.clear(days);
    // The server refuses (the rule's limits changed meanwhile, say): its words are shown on the row.
    server.on(
      'PUT /api/deadline/rules/temp_plate',
      envelope(422, { errors: { days: ['天数须为1至730之间的整数'] } }, '天数须为1至730之间的整数'),
    );
    await userEvent.type(days, '45');
    await userEvent.click(within(plate).getByRole('button', { name: '保存 临时牌照到期' }));
    expect(await within(plate).findByRole('alert')).toHaveTextContent('天数须为1至730之间的整数');
    expect(within(plate).getByLabelText('临时牌照到期 天数')).toHaveValue('45');
    expect(within(plate).getByRole('button', { name: '保存 临时牌照到期' })).toBeEnabled();
  });
});
