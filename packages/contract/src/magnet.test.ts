import { describe, expect, it } from 'vitest';
import { formatSize, magnetLink, MAGNET_DISPLAY_NAME } from './magnet';
import { imageUrl } from './runtime-config';

describe('formatSize', () => {
  it('follows docs/product.md §9', () => {
    expect(formatSize(0)).toBe('0KB');
    expect(formatSize(512 * 1024)).toBe('512KB');
    expect(formatSize(999 * 1024)).toBe('999KB');
    expect(formatSize(1000 * 1024)).toBe('0.98MB');
    expect(formatSize(700 * 1024 * 1024)).toBe('700MB');
    expect(formatSize(5.5 * 1024 ** 3)).toBe('5.5GB');
    expect(formatSize('2048')).toBe('2KB');
    expect(formatSize(-1)).toBe('未知');
    expect(formatSize(Number.NaN)).toBe('未知');
    expect(formatSize(null)).toBe('未知');
    expect(formatSize('abc')).toBe('未知');
  });

  it('chooses the unit after rounding, at each boundary', () => {
    // KB → MB: 999.995 KB and above round to 1000 KB, so they show in MB.
    expect(formatSize(1023994)).toBe('999.99KB');
    expect(formatSize(1023995)).toBe('0.98MB');
    expect(formatSize(1023999)).toBe('0.98MB');
    expect(formatSize(1000 * 1024)).toBe('0.98MB');
    expect(formatSize(1024 ** 2 - 1)).toBe('1MB');
    expect(formatSize(1024 ** 2)).toBe('1MB');
    // MB → GB: 999.995 MB and above round to 1000 MB, so they show in GB.
    expect(formatSize(1048570757)).toBe('999.99MB');
    expect(formatSize(1048570758)).toBe('0.98GB');
    expect(formatSize(1048575999)).toBe('0.98GB');
    expect(formatSize(1000 * 1024 ** 2)).toBe('0.98GB');
    expect(formatSize(1024 ** 3 - 1)).toBe('1GB');
    expect(formatSize(1024 ** 3)).toBe('1GB');
  });

  it('starts at 0KB and keeps every larger size in GB', () => {
    expect(formatSize(0)).toBe('0KB');
    expect(formatSize(1)).toBe('0KB');
    expect(formatSize(1000 * 1024 ** 3)).toBe('1000GB');
    expect(formatSize(1024 ** 4)).toBe('1024GB');
    expect(formatSize(1024 ** 5)).toBe('1048576GB');
    expect(formatSize(String(1024 ** 4))).toBe('1024GB');
  });
});

describe('magnetLink', () => {
  it('builds the link from the hash with the display name', () => {
    const hash = 'ABCDEF0123456789ABCDEF0123456789ABCDEF01';
    expect(magnetLink(hash)).toBe(
      `magnet:?xt=urn:btih:${hash.toLowerCase()}&dn=${encodeURIComponent(MAGNET_DISPLAY_NAME)}`,
    );
  });
});

describe('imageUrl', () => {
  it('prefixes relative paths and passes absolute URLs through', () => {
    expect(imageUrl('demo/cover/A-1.svg', '/img')).toBe('/img/demo/cover/A-1.svg');
    expect(imageUrl('/demo/x.svg', 'https://cdn.example/')).toBe('https://cdn.example/demo/x.svg');
    expect(imageUrl('https://a.example/x.jpg', '/img')).toBe('https://a.example/x.jpg');
    expect(imageUrl('', '/img')).toBe('');
  });
});
