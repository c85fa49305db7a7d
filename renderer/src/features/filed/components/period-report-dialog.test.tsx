import { describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Report } from '../../../../../contract/filed-period-report';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { PeriodReportDialog } from './period-report-dialog';

configure({ asyncUtilTimeout: 5000 });

const server = scriptedApiForEachTest();

const report: Report = {
  orderNum: 12,
  orderUsd: 1_234_567.5,
  orderCny: 0,
  carNum: 48,
  carDrawback: 40,
  carArchive: 31,
  carFreight: 29,
  carComplete: 27,
};

const period = { start_time: '2026-01-01', end_time: '2026-06-30' };
const show = () => renderInApp(<PeriodReportDialog period={period} onClose={() => {}} />);

describe('the period report dialog', { timeout: 30_000 }, () => {
  it('shows the eight figures on cards: money with its sign and separators, counts with their units', async () => {
    server.on('GET /api/order/report', () => envelope(200, report));
    show();
    const dialog = await screen.findByRole('dialog', { name: '查询报表（2026-01-01 至 2026-06-30）' });
    await within(dialog).findByLabelText('报表数据');
    const read = (title: string) => within(dialog).getByLabelText(title).textContent;
    expect(read('合同数')).toBe('合同数12份');
    expect(read('美元合同金额')).toBe('美元合同金额US$1,234,567.50');
    expect(read('人民币合同金额')).toBe('人民币合同金额¥0.00');
    expect(read('车辆数')).toBe('车辆数48台');
    expect(read('已退税')).toBe('已退税40台');
    expect(read('已注销')).toBe('已注销31台');
    expect(read('运费已完成')).toBe('运费已完成29台');
    expect(read('归档完成')).toBe('归档完成27台');
  });

  it('says why it failed and asks again on 重试', async () => {
    let calls = 0;
    server.on('GET /api/order/report', () => {
      calls += 1;
      return calls === 1 ? envelope(500, { request_id: 'r1' }, '服务器错误') : envelope(200, report);
    });
    show();
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: /重\s*试/ }));
    expect(await within(dialog).findByLabelText('报表数据')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
