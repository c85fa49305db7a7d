import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http-client';
import { handOverFailureText } from './hand-over-result';

describe('handOverFailureText', () => {
  it('says the screen’s failure words with the server’s own reason', () => {
    expect(handOverFailureText('移交失败!', new ApiError('采购合同不存在', 404, null))).toBe(
      '移交失败! 采购合同不存在',
    );
  });

  it('says only the failure words when the server gave no reason, the same words, or no answer came', () => {
    expect(handOverFailureText('移交失败!', new ApiError('Error 500', 500, null))).toBe('移交失败!');
    expect(handOverFailureText('操作失败!', new ApiError('操作失败!', 409, null))).toBe('操作失败!');
    expect(handOverFailureText('操作失败!', new Error('boom'))).toBe('操作失败!');
  });
});
