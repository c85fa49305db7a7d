import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router-dom';
import type { ArchiveRecord, DrawbackRecord, FreightRecord } from '../../../contract/overseas';
import { useSession } from '../stores/session';
import { setApiBase, setHttpFeedback } from '../api/http-client';
import { readFixture, startStorageTestServer, type StorageTestServer } from '../testing/storage-test-server';
import { installObjectUrlStandIn, type ObjectUrlRegistry } from './object-url-stand-in';
import { RecordTabs, RECORD_EMPTY_TEXT, type RecordTabsProps } from './record-tabs';

configure({ asyncUtilTimeout: 5000 });

let server: StorageTestServer;
let urls: ObjectUrlRegistry;
let restoreFeedback: () => void;
const fixtures: Record<string, Uint8Array> = {};

beforeAll(async () => {
  server = await startStorageTestServer();
  setApiBase(server.url);
  fixtures.jpg = await readFixture('scans/customs-declaration.jpg');
  fixtures.png = await readFixture('scans/vehicle-exterior.png');
  fixtures.pdf = await readFixture('scans/deregistration-certificate.pdf');
  fixtures.docx = await readFixture('scans/deregistration-certificate.docx');
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  useSession.setState({ token: server.token });
  urls = installObjectUrlStandIn();
  restoreFeedback = setHttpFeedback({ error: () => undefined });
});
afterEach(() => {
  urls.restore();
  restoreFeedback();
});

function EditTarget() {
  const params = useParams();
  return <output data-testid="edit-target">{JSON.stringify(params)}</output>;
}

function renderTabs(props: RecordTabsProps) {
  const router = createMemoryRouter(
    [
      { path: '/overseas/info/:id', element: <RecordTabs {...props} /> },
      { path: '/filed/freeze_edit/:order_id/:id', element: <EditTarget /> },
      { path: '/filed/freight_edit/:order_id/:id', element: <EditTarget /> },
    ],
    { initialEntries: ['/overseas/info/7'] },
  );
  render(
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
      <App>
        <RouterProvider router={router} />
      </App>
    </ConfigProvider>,
  );
  return router;
}

const drawback: DrawbackRecord = {
  id: 3,
  order_id: 7,
  created_at: '2026-11-02T10:00:00.000+08:00',
  drawbackcar: [
    { car_id: 1, vin: 'LSVAB1230RA200001' },
    { car_id: 2, vin: 'LSVAB1230RA200002' },
  ],
};

const archive = (zxzm: string | null): ArchiveRecord => ({
  id: 11,
  order_id: 7,
  created_at: '2026-11-05T09:00:00.000+08:00',
  zxzm_image: zxzm,
  archivecar: [{ car_id: 1, vin: 'LSVAB1230RA200001' }],
});

const freight = (invoice: string, slip: string, photos: string[]): FreightRecord => ({
  id: 21,
  order_id: 7,
  created_at: '2026-11-08T15:30:00.000+08:00',
  yffp_image: invoice,
  yffkd_image: slip,
  freightcar: [{ car_id: 2, vin: 'LSVAB1230RA200002' }],
  carimage: photos.map((image_url) => ({ image_url })),
});

describe('RecordTabs', () => {
  it('has the three tabs and says 暂无相关记录 in each empty one', async () => {
    renderTabs({ drawback: [], archive: [], freight: undefined });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['退税记录', '注销记录', '运费记录']);
    expect(screen.getByRole('tab', { name: '退税记录' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent(RECORD_EMPTY_TEXT);

    await userEvent.click(screen.getByRole('tab', { name: '注销记录' }));
    expect(screen.getByRole('tabpanel', { name: '注销记录' })).toHaveTextContent(RECORD_EMPTY_TEXT);
    await userEvent.click(screen.getByRole('tab', { name: '运费记录' }));
    expect(screen.getByRole('tabpanel', { name: '运费记录' })).toHaveTextContent(RECORD_EMPTY_TEXT);
  });

  it('shows a tax refund record with its application date and VINs, and 编辑 to its edit page (issue 26)', () => {
    renderTabs({ drawback: [drawback], archive: [], freight: [] });
    const record = screen.getByRole('article', { name: '退税记录 1' });
    expect(within(record).getByText('2026-11-02')).toBeInTheDocument();
    expect(within(record).getByText('LSVAB1230RA200001')).toBeInTheDocument();
    expect(within(record).getByText('LSVAB1230RA200002')).toBeInTheDocument();
    // An answer without the amount (older server) shows no amount line.
    expect(within(record).queryByText('退税金额')).not.toBeInTheDocument();
    expect(within(record).getByRole('link', { name: '编辑退税记录 1' })).toHaveAttribute(
      'href',
      `/filed/tax_edit/${drawback.order_id}/${drawback.id}`,
    );
    // Each VIN opens its vehicle file.
    expect(within(record).getByRole('link', { name: 'LSVAB1230RA200001' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/vehicle\/\d+$/),
    );
    expect(screen.queryByText(RECORD_EMPTY_TEXT)).not.toBeInTheDocument();
  });

  it('shows a picture as a 160x160 thumbnail that opens a preview, and a PDF as a link', async () => {
    const certificate = server.store('/storage/image/2026/11/cert.jpg', fixtures.jpg!, 'image/jpeg');
    const invoice = server.store('/storage/image/2026/11/invoice.pdf', fixtures.pdf!, 'application/pdf');
    const slip = server.store('/storage/image/2026/11/slip.png', fixtures.png!, 'image/png');
    const word = server.store('/storage/document/2026/11/note.docx', fixtures.docx!, 'application/octet-stream');
    renderTabs({ drawback: [], archive: [archive(certificate)], freight: [freight(invoice, slip, [word])] });

    await userEvent.click(screen.getByRole('tab', { name: '注销记录' }));
    const record = screen.getByRole('article', { name: '注销记录 1' });
    expect(within(record).getByText('2026-11-05')).toBeInTheDocument();
    expect(within(record).getByText('LSVAB1230RA200001')).toBeInTheDocument();
    const thumbnail = await within(record).findByRole('img', { name: 'cert.jpg' });
    expect(thumbnail).toHaveAttribute('width', '160');
    expect(thumbnail).toHaveAttribute('height', '160');
    expect(thumbnail.getAttribute('src')).toMatch(/^blob:/);
    // Click opens antd's image preview with the same picture.
    await userEvent.click(thumbnail);
    await waitFor(() => expect(document.querySelector('.ant-image-preview')).not.toBeNull());
    const big = document.querySelector('.ant-image-preview img.ant-image-preview-img');
    expect(big?.getAttribute('src')).toBe(thumbnail.getAttribute('src'));

    await userEvent.click(screen.getByRole('tab', { name: '运费记录' }));
    const freightRecord = screen.getByRole('article', { name: '运费记录 1' });
    expect(within(freightRecord).getByText('2026-11-08')).toBeInTheDocument();
    expect(within(freightRecord).getByText('LSVAB1230RA200002')).toBeInTheDocument();
    // The PDF and the Word file are links (buttons that preview or download), not thumbnails.
    // (Label queries: role queries compute every element's style, which is slow under antd's many rules.)
    expect(within(freightRecord).getByLabelText('预览 invoice.pdf').tagName).toBe('BUTTON');
    expect(within(freightRecord).getByLabelText('下载 note.docx').tagName).toBe('BUTTON');
    expect(within(freightRecord).queryByAltText('invoice.pdf')).not.toBeInTheDocument();
    expect(await within(freightRecord).findByAltText('slip.png')).toHaveAttribute('width', '160');
    // Only the pictures were fetched up front.
    expect(server.fileRequests.map((request) => request.path).sort()).toEqual([certificate, slip].sort());
  });

  it('links deregistration and freight records to their edit screens', async () => {
    const router = renderTabs({ archive: [archive(null)], freight: [freight('', '', [])] });
    await userEvent.click(screen.getByRole('tab', { name: '注销记录' }));
    expect(within(screen.getByRole('article', { name: '注销记录 1' })).getByText('未上传')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: '编辑注销记录 1' }));
    expect(router.state.location.pathname).toBe('/filed/freeze_edit/7/11');

    await router.navigate('/overseas/info/7');
    await userEvent.click(await screen.findByRole('tab', { name: '运费记录' }));
    await userEvent.click(screen.getByRole('link', { name: '编辑运费记录 1' }));
    expect(router.state.location.pathname).toBe('/filed/freight_edit/7/21');
    expect(screen.getByTestId('edit-target')).toHaveTextContent('"order_id":"7"');
  });
});
