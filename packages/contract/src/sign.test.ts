import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalParams, computeEncrypt, computeSign, newNonce, signRequest } from './sign';

describe('canonicalParams', () => {
  it('sorts keys in ASCII order, keeps raw values and drops empty ones', () => {
    expect(
      canonicalParams({
        pageSize: 32,
        keyword: '中文 a&b',
        Zeta: 'z',
        empty: '',
        none: undefined,
        nil: null,
      }),
    ).toBe('Zeta=z&keyword=中文 a&b&pageSize=32');
  });

  it('joins arrays with commas and writes objects as JSON', () => {
    expect(canonicalParams({ cateIds: [3, 1], meta: { a: 1 } })).toBe('cateIds=3,1&meta={"a":1}');
  });

  it('is empty for no params', () => {
    expect(canonicalParams(undefined)).toBe('');
    expect(canonicalParams({})).toBe('');
  });
});

describe('signRequest', () => {
  it('matches MD5 and HMAC-SHA256 as node:crypto computes them', () => {
    const headers = signRequest({
      params: { pageNum: 1, modName: 'censored' },
      secret: 's3cret',
      appId: 'app-1',
      timestamp: 1700000000000,
      nonce: 'abcdefghijklmnop',
    });
    const md5 = createHash('md5')
      .update('modName=censored&pageNum=1' + 's3cret' + '1700000000000' + 'abcdefghijklmnop')
      .digest('hex');
    const hmac = createHmac('sha256', 'app-1').update('1700000000000').digest('hex');
    expect(headers).toEqual({
      'x-timestamp': '1700000000000',
      'x-nonce': 'abcdefghijklmnop',
      'x-sign': md5,
      'x-encrypt': hmac,
    });
    expect(computeSign('', 'k', '1', 'n')).toBe(createHash('md5').update('k1n').digest('hex'));
    expect(computeEncrypt('1', 'k')).toBe(createHmac('sha256', 'k').update('1').digest('hex'));
    // The server hashes with node:crypto over UTF-8: the same answers for any text.
    for (const text of ['keyword=影库 测试', 'a=\u{1F600}&b=é', 'x=\u0000']) {
      expect(computeSign(text, 's', '1', 'n')).toBe(
        createHash('md5').update(`${text}s1n`, 'utf8').digest('hex'),
      );
      expect(computeEncrypt(text, '应用')).toBe(createHmac('sha256', '应用').update(text).digest('hex'));
    }
  });

  it('makes a fresh 32-character nonce each time', () => {
    const a = newNonce();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newNonce()).not.toBe(a);
  });
});
