import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App, Button, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { desktopFileMessages } from '../../../contract/desktop-api';
import { readFixture } from '../testing/storage-test-server';
import { desktop } from '../platform/desktop';
import { useOpenFile, type OpenFileRequest } from './use-open-file';

const excelTooBig = '文件过大，要读取的excel文件不应超过100KB';
const excelImport: OpenFileRequest = {
  title: '导入车辆',
  filters: [{ name: 'Excel 文件', extensions: ['xlsx', 'xls'] }],
  maxBytes: 100 * 1024,
  tooLargeMessage: excelTooBig,
};
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let workbook: Uint8Array<ArrayBuffer>;
let tooBig: Uint8Array<ArrayBuffer>;
beforeAll(async () => {
  workbook = await readFixture('excel/cars-import.xlsx');
  tooBig = await readFixture('excel/cars-import-too-big.xlsx');
});
afterEach(() => vi.restoreAllMocks());

/** A screen's import button: shows what it got, as the Excel import would before parsing. */
function ImportButton({ request = excelImport }: { request?: OpenFileRequest }) {
  const { open, opening } = useOpenFile();
  const [outcome, setOutcome] = useState('');
  return (
    <>
      <Button
        loading={opening}
        onClick={async () => {
          const file = await open(request);
          setOutcome(file ? `${file.name}：${file.bytes.byteLength} 字节` : '未选择文件');
        }}
      >
        导入Excel
      </Button>
      <output>{outcome}</output>
    </>
  );
}

const renderImport = (request?: OpenFileRequest) =>
  render(
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
      <App>
        <ImportButton request={request} />
      </App>
    </ConfigProvider>,
  );

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('useOpenFile', () => {
  it('answers the picked workbook’s name and bytes', async () => {
    const user = userEvent.setup();
    renderImport();
    await user.click(screen.getByRole('button', { name: '导入Excel' }));
    expect(fileInput().accept).toBe('.xlsx,.xls');
    await user.upload(fileInput(), new File([workbook], 'cars-import.xlsx', { type: xlsxType }));
    expect(await screen.findByText(`cars-import.xlsx：${workbook.length} 字节`)).toBeInTheDocument();
  });

  it('says the spec’s message for a workbook over 100KB and answers nothing', async () => {
    const user = userEvent.setup();
    renderImport();
    await user.click(screen.getByRole('button', { name: '导入Excel' }));
    await user.upload(fileInput(), new File([tooBig], 'cars-import-too-big.xlsx', { type: xlsxType }));
    expect(await screen.findByText(excelTooBig)).toBeInTheDocument();
    expect(screen.getByText('未选择文件')).toBeInTheDocument();
  });

  it('keeps the limit itself when a bridge hands over a larger file anyway', async () => {
    const user = userEvent.setup();
    vi.spyOn(desktop.files, 'openFile').mockResolvedValue({
      name: 'cars-import-too-big.xlsx',
      bytes: tooBig,
      size: tooBig.length,
    });
    renderImport();
    await user.click(screen.getByRole('button', { name: '导入Excel' }));
    expect(await screen.findByText(excelTooBig)).toBeInTheDocument();
    expect(screen.getByText('未选择文件')).toBeInTheDocument();
  });

  it('says 文件类型错误! for another type picked through "all files"', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderImport();
    await user.click(screen.getByRole('button', { name: '导入Excel' }));
    await user.upload(fileInput(), new File(['%PDF-1.4'], '合同.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(desktopFileMessages.wrongType)).toBeInTheDocument();
    expect(document.querySelector('.ant-message-notice')).not.toBeNull();
    expect(screen.getByText('未选择文件')).toBeInTheDocument();
  });

  it('answers null on cancel, without any message', async () => {
    const user = userEvent.setup();
    renderImport();
    await user.click(screen.getByRole('button', { name: '导入Excel' }));
    fileInput().dispatchEvent(new Event('cancel'));
    expect(await screen.findByText('未选择文件')).toBeInTheDocument();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('passes the types, limit, message and title to the bridge', async () => {
    const user = userEvent.setup();
    const openFile = vi.spyOn(desktop.files, 'openFile').mockResolvedValue(null);
    renderImport();
    await user.click(screen.getByRole('button', { name: '导入Excel' }));
    expect(openFile).toHaveBeenCalledWith(excelImport);
  });
});
