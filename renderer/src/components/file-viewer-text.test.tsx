import { describe, expect, it } from 'vitest';
import { configure, render, screen } from '@testing-library/react';
import { readFixture } from '../testing/storage-test-server';
import { decodeText, TextViewer } from './file-viewer-text';
import { TEXT_MAX_BYTES } from './file-viewer-kind';

configure({ asyncUtilTimeout: 8000 });

describe('TextViewer', () => {
  it('shows the fixture certificate’s text', async () => {
    const bytes = await readFixture('scans/deregistration-certificate.txt');
    render(<TextViewer blob={new Blob([bytes])} />);
    expect(await screen.findByText(/注销原因：出口/)).toBeInTheDocument();
  });

  it('reads a file saved by Notepad on a Chinese Windows (GB18030), and UTF-8 with a BOM', () => {
    // 车架号 in GB18030.
    const gb = new Uint8Array([0xb3, 0xb5, 0xbc, 0xdc, 0xba, 0xc5]);
    expect(decodeText(gb, false)).toBe('车架号');
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('车架号')]);
    expect(decodeText(bom, false)).toBe('车架号');
  });

  it('shows only the first megabyte of a big file, with a note, and a character cut in two is left out', async () => {
    // 3-byte characters: the 1 MB cut falls inside one.
    const text = '车'.repeat(Math.ceil(TEXT_MAX_BYTES / 3) + 1000);
    const { container } = render(<TextViewer blob={new Blob([text])} />);
    expect(await screen.findByText('文件较大，仅显示前 1 MB，完整内容请下载后查看')).toBeInTheDocument();
    const shown = container.querySelector('pre')!.textContent!;
    expect(shown).toBe('车'.repeat(Math.floor(TEXT_MAX_BYTES / 3)));
  });

  it('shows markup in the file as text', async () => {
    const { container } = render(<TextViewer blob={new Blob(['<script>alert(1)</script><b>粗体</b>'])} />);
    expect(await screen.findByText('<script>alert(1)</script><b>粗体</b>')).toBeInTheDocument();
    expect(container.querySelector('script, b')).toBeNull();
  });
});
