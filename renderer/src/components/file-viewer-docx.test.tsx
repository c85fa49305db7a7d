/**
 * DocxViewer with the fixture certificate and with a hostile copy of it (built here with JSZip from the
 * fixture's own parts): links to javascript: and to outside addresses, embedded HTML (altChunk) with a
 * script, and a style whose name breaks out of its CSS selector.
 */
import { describe, expect, it } from 'vitest';
import { configure, render, waitFor } from '@testing-library/react';
import JSZip from 'jszip';
import { readFixture } from '../testing/storage-test-server';
import { DocxViewer } from './file-viewer-docx';

configure({ asyncUtilTimeout: 8000 });

const shadow = () => document.querySelector('.file-viewer-docx')!.shadowRoot!;

async function hostileDocx(): Promise<Blob> {
  const zip = await JSZip.loadAsync(await readFixture('scans/deregistration-certificate.docx'));
  const documentXml = await zip.file('word/document.xml')!.async('string');
  const paragraphs =
    '<w:p><w:hyperlink r:id="rIdEvil"><w:r><w:t>点此核验</w:t></w:r></w:hyperlink></w:p>' +
    '<w:p><w:hyperlink r:id="rIdOut"><w:r><w:t>官网</w:t></w:r></w:hyperlink></w:p>' +
    '<w:altChunk r:id="rIdHtml"/>' +
    '<w:p><w:pPr><w:pStyle w:val="x{}*{display:none}"/></w:pPr><w:r><w:t>样式段落</w:t></w:r></w:p>';
  zip.file('word/document.xml', documentXml.replace('<w:body>', `<w:body>${paragraphs}`));
  const rels = await zip.file('word/_rels/document.xml.rels')!.async('string');
  zip.file(
    'word/_rels/document.xml.rels',
    rels.replace(
      '</Relationships>',
      '<Relationship Id="rIdEvil" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="javascript:alert(1)" TargetMode="External"/>' +
        '<Relationship Id="rIdOut" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/verify" TargetMode="External"/>' +
        '<Relationship Id="rIdHtml" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/aFChunk" Target="chunk.html"/>' +
        '</Relationships>',
    ),
  );
  zip.file('word/chunk.html', '<html><body><script>window.parent.hacked = true</script><p>嵌入内容</p></body></html>');
  const styles = await zip.file('word/styles.xml')!.async('string');
  zip.file(
    'word/styles.xml',
    styles.replace(
      '</w:styles>',
      '<w:style w:type="paragraph" w:styleId="x{}*{display:none}"><w:name w:val="evil"/><w:rPr><w:b/></w:rPr></w:style></w:styles>',
    ),
  );
  return await zip.generateAsync({ type: 'blob' });
}

describe('DocxViewer', () => {
  it('renders the fixture certificate’s text', async () => {
    render(<DocxViewer blob={new Blob([await readFixture('scans/deregistration-certificate.docx')])} />);
    await waitFor(() => expect(shadow().textContent).toContain('机动车注销证明书'));
    expect(shadow().textContent).toContain('日期：2026年11月22日');
  });

  it('renders a hostile document harmlessly: links cannot be followed, embedded HTML is not shown, its CSS stays inside', async () => {
    render(<DocxViewer blob={await hostileDocx()} />);
    await waitFor(() => expect(shadow().textContent).toContain('点此核验'));
    expect(shadow().textContent).toContain('样式段落');

    const links = [...shadow().querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual(['点此核验', '官网']);
    expect(links.every((link) => !link.hasAttribute('href'))).toBe(true);
    // An outside address stays readable on hover; a javascript: one is simply dropped.
    expect(links[1]!.title).toBe('https://example.com/verify');
    expect(links[0]!.title).toBe('');

    expect(shadow().querySelector('iframe, script, object, embed')).toBeNull();
    expect(shadow().textContent).not.toContain('嵌入内容');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
    // The file's CSS (with the selector it breaks out of) lives in the shadow root only.
    const fileCss = [...shadow().querySelectorAll('style')].map((style) => style.textContent).join('');
    expect(fileCss).toContain('docx_x{}*{display:none}');
    expect(document.head.textContent).not.toContain('docx_x');
    expect(document.querySelectorAll('style').length).toBe(document.head.querySelectorAll('style').length);
  });

  it('says a file that is not a Word document cannot be read', async () => {
    const { findByText } = render(
      <DocxViewer blob={new Blob([await readFixture('scans/deregistration-certificate.pdf')])} />,
    );
    expect(await findByText('无法读取该文件，请下载后查看')).toBeInTheDocument();
  });
});
