import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Plate, Transfer } from '../../../../../contract/registry';
import { renderInApp } from '../../../testing/render-app';
import { envelope } from '../../../testing/scripted-api-server';
import { scriptedApiForEachTest } from '../../../testing/scripted-api-for-each-test';
import { PlateInfoPage, TransferInfoPage } from './registry-info-page';
import { historyQueries, scriptRecordHistory } from '../../../components/history-testing';

configure({ asyncUtilTimeout: 6000 });

const server = scriptedApiForEachTest();
const VIN = 'LSVAB1230RA200011';
const doc = (name: string) => `/storage/document/2026/11/${name}.pdf`;

const head = {
  car_id: 11,
  vin: VIN,
  car_image: [],
  carimage: [],
  order_id: 3,
  order_no: 'HW-2026-003',
  purchase_id: 7,
  purchase_no: 'CG-2026-007',
  customer_name: '杭州二手车行',
  amount: 2,
  created_at: '2026-11-20T09:00:00.000+08:00',
  updated_at: '2026-11-21T10:00:00.000+08:00',
};

const plate: Plate = {
  ...head,
  id: 501,
  plate_id: 501,
  rate: 88,
  yy_date: '2026-12-01',
  xsz_image: doc('xsz'),
  djz_image: doc('djz'),
  lp_image: doc('lp'),
  fp_image: doc('fp'),
  hgz_image: doc('hgz'),
  ycxzs_image: doc('ycxzs'),
  hbqd_image: doc('hbqd'),
  bx_image: null,
};

const transfer: Transfer = {
  ...head,
  id: 601,
  transfer_id: 601,
  rate: 40,
  djz_image: doc('djz'),
  lp_image: null,
  usedcar_invoices_image: doc('usedcar'),
  zzs_invoices_image: null,
  xsz_image: null,
};

beforeEach(() => {
  server.on('GET /api/car/plateRead', envelope(200, plate));
  server.on('GET /api/car/transferRead', envelope(200, transfer));
  server.on('GET /api/upload/names', envelope(200, {}));
});

describe('plating and transfer info pages', { timeout: 60_000 }, () => {
  it('shows the plating: contract, customer, count, VIN, appointment, the eight documents and the rate', async () => {
    const view = renderInApp(<PlateInfoPage />, {
      path: '/dmv/lincense_info/:order_id/:p_id/:id',
      initialEntries: ['/dmv/list', '/dmv/lincense_info/3/7/501'],
    });
    expect(await screen.findByText('CG-2026-007')).toBeInTheDocument();
    expect(screen.getByText('杭州二手车行')).toBeInTheDocument();
    expect(screen.getByText('共采购 2 台')).toBeInTheDocument();
    expect(screen.getAllByText(VIN).length).toBeGreaterThan(0);
    expect(screen.getByText('2026-12-01')).toBeInTheDocument();
    expect(screen.getByLabelText('资料上传进度')).toHaveTextContent('已上传 7/8');
    for (const label of ['行驶证', '登记证书', '临时牌照', '新车发票', '合格证', '一致性证书', '环保清单', '保险单'])
      expect(screen.getByText(label)).toBeInTheDocument();
    // 保险单 and the other photos are missing.
    expect(screen.getAllByText('未上传')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(view.location()).toBe('/dmv/lincense_edit/501'));
  });

  it('shows the transfer with its five documents and n/5', async () => {
    renderInApp(<TransferInfoPage />, {
      path: '/dmv/transfer_info/:order_id/:p_id/:id',
      initialEntries: ['/dmv/transfer_info/3/7/601'],
    });
    expect(await screen.findByText('过户详情')).toBeInTheDocument();
    expect(await screen.findByText('共采购 2 台')).toBeInTheDocument();
    expect(screen.getByLabelText('资料上传进度')).toHaveTextContent('已上传 2/5');
    for (const label of ['登记证书', '临时牌照', '二手车发票', '增值税发票', '行驶证'])
      expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.queryByText('预约日期')).not.toBeInTheDocument();
    expect(screen.getAllByText('未上传')).toHaveLength(4);
  });

  it('says so when the record does not exist', async () => {
    server.on('GET /api/car/transferRead', envelope(404, null, '记录不存在'));
    renderInApp(<TransferInfoPage />, {
      path: '/dmv/transfer_info/:order_id/:p_id/:id',
      initialEntries: ['/dmv/transfer_info/3/7/999'],
    });
    expect(await screen.findByText(/过户记录加载失败|该过户记录不存在或已被删除/)).toBeInTheDocument();
  });

  it('变更记录 shows the plating’s or the transfer’s own history', async () => {
    const plating = scriptRecordHistory(server, 'plate', 501);
    const view = renderInApp(<PlateInfoPage />, {
      path: '/dmv/lincense_info/:order_id/:p_id/:id',
      initialEntries: ['/dmv/lincense_info/3/7/501'],
    });
    await userEvent.click(await screen.findByRole('tab', { name: '变更记录' }));
    expect(await screen.findByText(plating)).toBeInTheDocument();
    expect(historyQueries(server)).toEqual([{ entity: 'plate', id: '501', page: '1' }]);
    view.unmount();

    const transfer = scriptRecordHistory(server, 'transfer', 601);
    renderInApp(<TransferInfoPage />, {
      path: '/dmv/transfer_info/:order_id/:p_id/:id',
      initialEntries: ['/dmv/transfer_info/3/7/601'],
    });
    await userEvent.click(await screen.findByRole('tab', { name: '变更记录' }));
    expect(await screen.findByText(transfer)).toBeInTheDocument();
    expect(historyQueries(server).at(-1)).toEqual({ entity: 'transfer', id: '601', page: '1' });
  });
});
