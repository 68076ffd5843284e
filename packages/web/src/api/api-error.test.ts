import { MSG } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, codeErrorText, interpretResponse } from './api-error';

describe('codeErrorText', () => {
  it("prefers the body's own message", () => {
    expect(codeErrorText(402, '余额不足')).toBe('余额不足');
  });

  it('falls back to the default texts of docs/product.md §8', () => {
    expect(codeErrorText(401, '')).toBe(MSG.default401);
    expect(codeErrorText(403, undefined)).toBe(MSG.default403);
    expect(codeErrorText(404, '  ')).toBe(MSG.default404);
    expect(codeErrorText(500, null)).toBe(MSG.defaultOther);
  });
});

describe('interpretResponse', () => {
  it('returns a code-200 envelope', () => {
    expect(interpretResponse(200, { code: 200, msg: 'ok', rows: [] })).toEqual({
      code: 200,
      msg: 'ok',
      rows: [],
    });
  });

  it('lets the body code decide, whatever the HTTP status', () => {
    expect(() => interpretResponse(200, { code: 500, msg: '' })).toThrow(
      expect.objectContaining({ kind: 'code', code: 500, message: MSG.defaultOther }),
    );
    expect(() => interpretResponse(404, { code: 404, msg: '作品不存在' })).toThrow(
      expect.objectContaining({ kind: 'code', code: 404, message: '作品不存在' }),
    );
  });

  it('names the HTTP status when there is no envelope', () => {
    expect(() => interpretResponse(502, undefined)).toThrow(
      expect.objectContaining({ kind: 'http', code: 502, message: '系统接口502异常' }),
    );
  });

  it('rejects a successful status with a body that is no envelope', () => {
    expect(() => interpretResponse(200, '<html>')).toThrow(ApiError);
  });
});
