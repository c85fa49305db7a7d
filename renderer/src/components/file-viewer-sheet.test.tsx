import { describe, expect, it } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { utils, write, type WorkBook } from 'xlsx';
import { readFixture } from '../testing/storage-test-server';
import { SheetViewer } from './file-viewer-sheet';

configure({ asyncUtilTimeout: 8000 });

const workbookBlob = (book: WorkBook) => new Blob([write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer]);

describe('SheetViewer', () => {
  it('shows the first 1,000 rows of a long sheet and says how many there are', async () => {
    const rows = [['车架号', '价格'], ...Array.from({ length: 1499 }, (_, index) => [`VIN${index + 1}`, index + 1])];
    const book = utils.book_new();
    utils.book_append_sheet(book, utils.aoa_to_sheet(rows), '清单');
    render(<SheetViewer blob={workbookBlob(book)} />);

    // Role queries over 2,000 cells are slow in jsdom: the table is read through its elements.
    await waitFor(() => expect(document.querySelector('table[aria-label="工作表 清单"]')).not.toBeNull());
    const table = document.querySelector('table[aria-label="工作表 清单"]')!;
    expect(screen.getByText('共 1,500 行，仅显示前 1,000 行，完整内容请下载后查看')).toBeInTheDocument();
    const bodyRows = [...table.querySelectorAll('tbody tr')];
    expect(bodyRows).toHaveLength(1000);
    expect(bodyRows.at(-1)!.textContent).toBe('1000VIN999999');
    expect(table.textContent).not.toContain('VIN1000');
    // A single sheet needs no switcher.
    expect(document.querySelector('[role="tab"]')).toBeNull();
  }, 40_000);

  it('keeps merged cells merged and shows dates and amounts as formatted text, amounts to the right', async () => {
    const sheet = utils.aoa_to_sheet(
      [
        ['出口车辆明细', '', ''],
        ['车架号', '日期', '金额'],
        ['LFVAB1230RA200002', new Date(Date.UTC(2026, 10, 22)), 1234.5],
      ],
      { cellDates: true },
    );
    sheet['!merges'] = [{ s: { r: 0, c: 0 }, e: { r: 0, c: 2 } }];
    sheet['C3']!.z = '#,##0.00';
    sheet['B3']!.z = 'yyyy-mm-dd';
    const book = utils.book_new();
    utils.book_append_sheet(book, sheet, '明细');
    render(<SheetViewer blob={workbookBlob(book)} />);

    const table = await screen.findByRole('table', { name: '工作表 明细' });
    expect(within(table).getByRole('cell', { name: '出口车辆明细' })).toHaveAttribute('colspan', '3');
    expect(within(table).getByRole('cell', { name: '1,234.50' })).toHaveStyle({ textAlign: 'right' });
    expect(within(table).getByRole('cell', { name: 'LFVAB1230RA200002' })).not.toHaveStyle({ textAlign: 'right' });
    expect(within(table).getByRole('cell', { name: '2026-11-22' })).toBeInTheDocument();
  });

  it('shows markup in a cell as text, never as markup', async () => {
    const book = utils.book_new();
    utils.book_append_sheet(book, utils.aoa_to_sheet([['<img src=x onerror="alert(1)">']]), 'Sheet1');
    const { container } = render(<SheetViewer blob={workbookBlob(book)} />);
    expect(await screen.findByRole('cell', { name: '<img src=x onerror="alert(1)">' })).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('leaves hidden sheets out, and switches between the visible ones', async () => {
    const user = userEvent.setup();
    const book = utils.book_new();
    utils.book_append_sheet(book, utils.aoa_to_sheet([['一月']]), '一月');
    utils.book_append_sheet(book, utils.aoa_to_sheet([['内部']]), '隐藏');
    utils.book_append_sheet(book, utils.aoa_to_sheet([['二月']]), '二月');
    book.Workbook = {
      Sheets: [
        { name: '一月', Hidden: 0 },
        { name: '隐藏', Hidden: 1 },
        { name: '二月', Hidden: 0 },
      ],
    };
    render(<SheetViewer blob={workbookBlob(book)} />);

    expect(await screen.findByRole('cell', { name: '一月' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['一月', '二月']);
    await user.click(screen.getByRole('tab', { name: '二月' }));
    expect(await screen.findByRole('cell', { name: '二月' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: '一月' })).not.toBeInTheDocument();
  });

  it('says a file that is not a workbook cannot be read (SheetJS would show any bytes as text)', async () => {
    const pdf = await readFixture('scans/deregistration-certificate.pdf');
    render(<SheetViewer blob={new Blob([pdf])} />);
    expect(await screen.findByText('无法读取该文件，请下载后查看')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
