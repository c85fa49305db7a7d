import { describe, expect, it } from 'vitest';
import { markOfTheWebFor, zoneIdentifierPath } from './mark-of-the-web';

describe('which downloads get the Mark-of-the-Web', () => {
  const embeddedOrigin = 'http://127.0.0.1:50999';
  const mark = (url: string, platform: NodeJS.Platform = 'win32') => markOfTheWebFor({ url, embeddedOrigin, platform });

  it('a file over plain HTTP from an office server: the internet zone, with where it came from', () => {
    expect(mark('http://10.0.0.5:8787/storage/exports/2026/11/a.xlsx')).toBe(
      '[ZoneTransfer]\r\nZoneId=3\r\nReferrerUrl=http://10.0.0.5:8787\r\nHostUrl=http://10.0.0.5:8787/storage/exports/2026/11/a.xlsx\r\n',
    );
    // Another port on this PC is another server (an office server run here, or anything else).
    expect(mark('http://127.0.0.1:8787/storage/exports/a.xlsx')).toContain('ZoneId=3');
  });

  it('none over HTTPS, none from the embedded server, none off Windows', () => {
    expect(mark('https://erp.example.cn/storage/exports/a.xlsx')).toBeNull();
    expect(mark(`${embeddedOrigin}/storage/exports/a.xlsx`)).toBeNull();
    expect(mark('http://10.0.0.5:8787/storage/exports/a.xlsx', 'linux')).toBeNull();
    expect(mark('http://10.0.0.5:8787/storage/exports/a.xlsx', 'darwin')).toBeNull();
  });

  it('marks an HTTP file when the embedded server is not running', () => {
    expect(
      markOfTheWebFor({ url: `${embeddedOrigin}/storage/exports/a.xlsx`, embeddedOrigin: '', platform: 'win32' }),
    ).toContain('ZoneId=3');
  });

  it('names the NTFS stream beside the file', () => {
    expect(zoneIdentifierPath('C:\\Users\\clerk\\Downloads\\a.xlsx')).toBe(
      'C:\\Users\\clerk\\Downloads\\a.xlsx:Zone.Identifier',
    );
  });
});
