import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryEvent } from '../../../contract/history';
import { renderInApp } from '../testing/render-app';
import { envelope, type SeenRequest } from '../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../testing/scripted-api-for-each-test';
import { HistoryList } from './history-list';
import { forgetFileNames } from './use-file-names';

configure({ asyncUtilTimeout: 6000 });

const server = scriptedApiForEachTest();

const event = (id: number, overrides: Partial<HistoryEvent> = {}): HistoryEvent => ({
  id,
  at: '2026-11-25 10:02:00',
  by: { id: 2, nickname: '李会计' },
  action: 'update',
  entity: 'order',
  entity_id: 3,
  changes: [],
  ...overrides,
});

const page = (data: HistoryEvent[], total = data.length, number = 1) =>
  envelope(200, { data, meta: { total, page: number, limit: 15 }, total });

const historyRequests = () => server.requests.filter((request) => request.path === '/api/history');
const queryOf = (request: SeenRequest | undefined) => Object.fromEntries(request?.query ?? []);

beforeEach(() => {
  forgetFileNames();
  server.on('GET /api/upload/names', (request) =>
    envelope(200, {
      names: Object.fromEntries(
        (request.query.get('paths') ?? '')
          .split(',')
          .filter((path) => path.endsWith('agreement-1.pdf'))
          .map((path) => [path, '代付协议.pdf']),
      ),
    }),
  );
});

const items = () => within(screen.getByRole('list', { name: '变更记录' })).getAllByRole('listitem');
const events = () => items().filter((item) => item.classList.contains('history-event'));

describe('HistoryList', { timeout: 45_000 }, () => {
  it('asks for the record’s history and shows each change as label: before → after, money with separators', async () => {
    server.on(
      'GET /api/history',
      page([
        event(12, {
          changes: [
            { field: 'total', label: '合同金额', before: '1234567.50', after: '2000000.00' },
            { field: 'customer_address', label: '客户地址', before: null, after: '迪拜 3 号' },
          ],
        }),
        event(11, {
          action: 'create',
          by: null,
          at: '2026-11-20 09:00:00',
          changes: [{ field: 'order_no', label: '合同号', before: null, after: 'HW-001' }],
        }),
      ]),
    );
    renderInApp(<HistoryList target={{ entity: 'order', id: 3 }} />);
    await screen.findByText('1,234,567.50');
    expect(queryOf(historyRequests()[0])).toEqual({ entity: 'order', id: '3', page: '1' });

    const [newest, oldest] = events();
    expect(newest).toHaveTextContent('修改海外合同');
    expect(newest).toHaveTextContent('李会计');
    expect(newest).toHaveTextContent('2026-11-25 10:02:00');
    expect(newest).toHaveTextContent('合同金额：1,234,567.50→2,000,000.00');
    expect(newest).toHaveTextContent('客户地址：空→迪拜 3 号');
    // A new record lists its values; nobody logged in is 系统.
    expect(oldest).toHaveTextContent('新建海外合同');
    expect(oldest).toHaveTextContent('系统');
    expect(oldest).toHaveTextContent('合同号：HW-001');
    expect(oldest).not.toHaveTextContent('→');
  });

  it('names a stage record by the stage table, files by their uploaded names, codes in words', async () => {
    server.on(
      'GET /api/history',
      page([
        event(20, {
          entity: 'plate',
          entity_id: 8,
          changes: [
            { field: 'bx_image', label: '保险单', before: null, after: '/storage/document/2026/11/agreement-1.pdf' },
            {
              field: 'car_images',
              label: '其他照片',
              before: ['/storage/image/2026/11/a1b2.png'],
              after: [],
            },
            { field: 'value', label: '完成状态', before: 1, after: 2 },
          ],
        }),
        event(19, {
          entity: 'purchase',
          action: 'hand_over',
          changes: [{ field: 'flow', label: '所在环节', before: 'purchase', after: 'pickup' }],
        }),
      ]),
    );
    renderInApp(<HistoryList target={{ entity: 'plate', id: 8 }} />);
    await screen.findByText('代付协议.pdf');
    const [plating, handOver] = events();
    expect(plating).toHaveTextContent('修改上牌记录');
    expect(plating).toHaveTextContent('保险单：空→代付协议.pdf');
    // A file the server has no name for keeps its stored name; an emptied list is 空.
    expect(plating).toHaveTextContent('其他照片：a1b2.png→空');
    expect(plating).toHaveTextContent('完成状态：资料不全→已完成');
    expect(handOver).toHaveTextContent('移交采购合同');
    expect(handOver).toHaveTextContent('所在环节：采购→入库');
  });

  it('shows a VIN correction with its reason, and a vehicle’s history asks by vehicle_id', async () => {
    server.on(
      'GET /api/history',
      page([
        event(31, {
          action: 'correct_vin',
          entity: 'vin_alter',
          entity_id: 4,
          changes: [
            { field: 'vin', label: '车架号', before: 'LSVAA4182E2100001', after: 'LSVAA4182E2100002' },
            { field: 'reason', label: '更正原因', before: null, after: '录入时看错一位' },
          ],
        }),
      ]),
    );
    renderInApp(<HistoryList target={{ vehicleId: 7 }} />);
    await screen.findByText('LSVAA4182E2100001');
    expect(queryOf(historyRequests()[0])).toEqual({ vehicle_id: '7', page: '1' });
    const [correction] = events();
    expect(correction).toHaveTextContent('更正车架号车架号更正');
    expect(correction).toHaveTextContent('车架号：LSVAA4182E2100001→LSVAA4182E2100002');
    expect(correction).toHaveTextContent('更正原因：录入时看错一位');
  });

  it('pages when there are more than 15 events', async () => {
    server.on('GET /api/history', (request) => {
      const number = Number(request.query.get('page'));
      const first = number === 1 ? 40 : 25;
      const count = number === 1 ? 15 : 3;
      return page(
        Array.from({ length: count }, (_, index) =>
          event(first - index, {
            changes: [{ field: 'remark', label: '备注', before: null, after: `第${first - index}条` }],
          }),
        ),
        18,
        number,
      );
    });
    renderInApp(<HistoryList target={{ entity: 'customer', id: 5 }} />);
    await screen.findByText('第40条');
    expect(events()).toHaveLength(15);
    expect(screen.getByText('共 18 条')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('listitem', { name: '2' }));
    await screen.findByText('第25条');
    expect(events()).toHaveLength(3);
    expect(queryOf(historyRequests().at(-1))).toEqual({ entity: 'customer', id: '5', page: '2' });
  });

  it('has no pager for one page', async () => {
    server.on(
      'GET /api/history',
      page([event(1, { changes: [{ field: 'remark', label: '备注', before: 'a', after: 'b' }] })]),
    );
    renderInApp(<HistoryList target={{ entity: 'user', id: 2 }} />);
    await screen.findByText('备注');
    expect(document.querySelector('.ant-pagination')).toBeNull();
  });

  it('says when there is nothing yet', async () => {
    server.on('GET /api/history', page([]));
    renderInApp(<HistoryList target={{ entity: 'user', id: 2 }} />);
    expect(await screen.findByText('暂无变更记录')).toBeInTheDocument();
  });

  it('says when the history did not load, and 重试 asks again', async () => {
    server.on('GET /api/history', envelope(500, null, '服务器开小差了'));
    renderInApp(<HistoryList target={{ entity: 'user', id: 2 }} />);
    expect(await screen.findByText('变更记录加载失败')).toBeInTheDocument();
    server.on('GET /api/history', page([]));
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(screen.getByText('暂无变更记录')).toBeInTheDocument());
  });

  it('leaves a new record’s empty fields and ids out, names customer types, shows rates in percent', async () => {
    server.on(
      'GET /api/customerType',
      envelope(200, [
        { id: 1, name: '销外客户', status: 1 },
        { id: 2, name: '代理人', status: 1 },
      ]),
    );
    server.on(
      'GET /api/history',
      page([
        event(42, {
          entity: 'customer',
          changes: [{ field: 'type_id', label: '客户类型', before: 1, after: 2 }],
        }),
        event(41, {
          entity: 'plate',
          changes: [{ field: 'rate', label: '资料完整率', before: 0, after: 13 }],
        }),
        event(40, {
          action: 'create',
          entity: 'customer',
          changes: [
            { field: 'name', label: '客户名称', before: null, after: 'Almaty Motors' },
            { field: 'customer_id', label: '客户', before: null, after: 9 },
            { field: 'address', label: '地址', before: null, after: '' },
          ],
        }),
        event(39, {
          action: 'disable',
          entity: 'user',
          changes: [
            { field: 'status', label: '账号状态', before: 1, after: 0 },
            { field: 'sessions_revoked', label: '结束的登录数', before: null, after: 2 },
          ],
        }),
      ]),
    );
    renderInApp(<HistoryList target={{ entity: 'customer', id: 5 }} />);
    await screen.findByText('代理人');
    const [typeChange, rate, created, disabled] = events();
    expect(typeChange).toHaveTextContent('客户类型：销外客户→代理人');
    expect(rate).toHaveTextContent('资料完整率：0%→13%');
    expect(created).toHaveTextContent('客户名称：Almaty Motors');
    expect(created).not.toHaveTextContent('客户：');
    expect(created).not.toHaveTextContent('地址');
    expect(disabled).toHaveTextContent('禁用员工账号');
    expect(disabled).toHaveTextContent('账号状态：启用→禁用');
    // Said once: the account's logins ended with it.
    expect(disabled).toHaveTextContent('结束的登录数：2');
    expect(disabled).not.toHaveTextContent('空');
  });
});
