import { describe, expect, it } from 'vitest';
import { fileExtension, isImagePath, uploadEndpoints, uploadNamesQuery, uploadSlots } from './upload';

// API.md "Upload slots", written out: the table in upload.ts must say exactly this (the renderer checks a
// pick against it, the server every upload).
const MB = 1024 * 1024;
const THREE_MB = { maxBytes: 3 * MB, typeMessage: '文件类型错误!', sizeMessage: '上传文件大小不能超过 3MB!' };

describe('the upload slots of API.md', () => {
  it('has the five slots with their types, sizes and messages', () => {
    expect(uploadSlots).toEqual({
      contract: { extensions: ['doc', 'docx', 'xls', 'pdf', 'jpg', 'png', 'jpeg'], ...THREE_MB },
      purchase: { extensions: ['rar', 'zip', 'doc', 'docx', 'xls', 'txt', 'pdf', 'jpg', 'png', 'jpeg'], ...THREE_MB },
      agreement: { extensions: ['rar', 'zip', 'doc', 'docx', 'xls', 'txt', 'pdf', 'jpg', 'png', 'jpeg'], ...THREE_MB },
      image: { extensions: ['jpg', 'png', 'jpeg', 'pdf'], ...THREE_MB },
      document: {
        extensions: ['docx', 'xlsx', 'pdf', 'jpg', 'png', 'jpeg'],
        maxBytes: 20 * MB,
        typeMessage: '文件类型错误, 请检查后重新上传!',
        sizeMessage: '上传文件大小不能超过20MB, 请检查后重新上传!',
      },
    });
  });

  it('reads an extension in lower case, and none from a name without a dot', () => {
    expect(fileExtension('合同.PDF')).toBe('pdf');
    expect(fileExtension('a.tar.GZ')).toBe('gz');
    expect(fileExtension('README')).toBe('');
    // A name that is only its extension (a file saved as ".pdf") is still a PDF.
    expect(fileExtension('.pdf')).toBe('pdf');
    expect(isImagePath('/storage/image/a.JPEG')).toBe(true);
    expect(isImagePath('/storage/image/a.pdf')).toBe(false);
  });
});

describe('the upload call of API.md', () => {
  it('is POST /api/upload, and the names are GET /api/upload/names', () => {
    expect([uploadEndpoints.upload.method, uploadEndpoints.upload.path]).toEqual(['POST', '/api/upload']);
    expect([uploadEndpoints.names.method, uploadEndpoints.names.path]).toEqual(['GET', '/api/upload/names']);
  });
});

describe('the names query', () => {
  const parse = (paths: string) => uploadNamesQuery.safeParse({ paths });
  const path = (n: number) => `/storage/image/${String(n).padStart(4, '0')}.jpg`;

  it('trims each path, drops empty ones and repeats', () => {
    expect(parse(` ${path(1)} ,,${path(2)}, ${path(1)},`).data).toEqual({ paths: [path(1), path(2)] });
  });

  it('takes 50 paths at once and refuses 51 with 一次最多查询50个文件', () => {
    const many = (count: number) => Array.from({ length: count }, (_, n) => path(n)).join(',');
    expect(parse(many(50)).data?.paths).toHaveLength(50);
    const refused = parse(many(51));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['一次最多查询50个文件']);
    const tooLong = parse('x'.repeat(50 * 200 + 1));
    expect(tooLong.error?.issues.map((issue) => issue.message)).toEqual(['一次最多查询50个文件']);
  });
});
