import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createMediaTokens, mediaDigest, TOKEN_PATH } from './media-tokens';

const KEY = { id: 'k2', secret: 'second-media-key-0123456789abcdef0123' };
const OLD = { id: 'k1', secret: 'first-media-key-0123456789abcdef01234' };
const now = new Date('2026-12-01T12:00:00Z');
const inAnHour = Math.floor(now.getTime() / 1000) + 3600;

describe('media tokens', () => {
  it('write the digest nginx secure_link_md5 writes for the same text', () => {
    // nginx's own recipe (ngx_http_secure_link_module): md5, binary, base64, url alphabet, no padding.
    const text = `${inAnHour}/123/456/ ${KEY.secret}`;
    const openssl = execFileSync(
      'sh',
      ['-c', 'openssl md5 -binary | openssl base64 | tr +/ -_ | tr -d =\\\\n'],
      {
        input: text,
      },
    ).toString();
    expect(mediaDigest(KEY.secret, inAnHour, '123', '456')).toBe(openssl);
  });

  it('sign with the first key, and open one video until they expire', () => {
    const tokens = createMediaTokens([KEY, OLD]);
    const dir = tokens.dir('123', '456', inAnHour);
    const match = TOKEN_PATH.exec(`${dir}720p/seg-00001.ts`);
    expect(match?.groups).toMatchObject({ kid: 'k2', exp: String(inAnHour), workId: '123', mediaId: '456' });
    const token = { kid: 'k2', exp: String(inAnHour), sig: match!.groups!.sig! };
    expect(tokens.verify(token, '123', '456', now)).toBe(true);
    expect(tokens.verify(token, '123', '457', now)).toBe(false);
    expect(tokens.verify(token, '124', '456', now)).toBe(false);
    expect(tokens.verify(token, '123', '456', new Date((inAnHour + 1) * 1000))).toBe(false);
    expect(tokens.verify({ ...token, exp: String(inAnHour + 1) }, '123', '456', now)).toBe(false);
    expect(tokens.verify({ ...token, kid: 'k1' }, '123', '456', now)).toBe(false);
    expect(tokens.verify({ ...token, kid: 'k9' }, '123', '456', now)).toBe(false);
    expect(tokens.verify({ ...token, exp: '1e12' }, '123', '456', now)).toBe(false);
  });

  it("verify an older key's tokens while it is listed, and not once it is dropped", () => {
    const old = createMediaTokens([OLD]).sign('123', '456', inAnHour);
    const token = { kid: old.kid, exp: String(old.exp), sig: old.sig };
    expect(createMediaTokens([KEY, OLD]).verify(token, '123', '456', now)).toBe(true);
    expect(createMediaTokens([KEY]).verify(token, '123', '456', now)).toBe(false);
  });
});
