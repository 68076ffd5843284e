import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Converter } from 'opencc-js';
import STPhrases from 'opencc-js/dict/STPhrases';
import { describe, expect, it } from 'vitest';
import { makeToTraditional, phrasesCharactersMiss } from './traditional-converter';

const toTraditional = makeToTraditional(phrasesCharactersMiss(STPhrases));
/** OpenCC's own simplified → Taiwan conversion, with its whole phrase dictionary. */
const openCC = Converter({ from: 'cn', to: 'tw' });

/** Every run of Chinese text in the interface's source (web and contract), comments included. */
function interfaceTexts(): string[] {
  const roots = ['src', '../contract/src'].map((dir) => path.resolve(import.meta.dirname, '../..', dir));
  const texts = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        for (const [run] of readFileSync(file, 'utf8').matchAll(
          /[\p{Script=Han}\p{P}\w]*\p{Script=Han}[\p{Script=Han}\p{P}\w]*/gu,
        ))
          texts.add(run);
    }
  };
  roots.forEach(visit);
  return [...texts];
}

describe('繁體中文', () => {
  it('converts every interface text as OpenCC with all its phrases does', () => {
    const texts = interfaceTexts();
    expect(texts.length).toBeGreaterThan(500);
    const differing = texts.filter((text) => toTraditional(text) !== openCC(text));
    // Where OpenCC's whole dictionary reads otherwise, and this reading is the right one:
    // 请求签名 as 求签 (a fortune slip, 籤) and not 签名 (簽名); 会尽快 as 会尽 (會盡) where 尽快 is 儘快.
    expect(differing.map(toTraditional).sort()).toEqual(
      ["'確定舉報這條評論嗎？管理員會儘快處理。',", "'請求簽名缺失',", "'請求簽名錯誤',"].sort(),
    );
  });

  it('picks the reading a phrase needs, and keeps what is not simplified Chinese', () => {
    expect(toTraditional('复制磁力链接')).toBe('複製磁力鏈接');
    expect(toTraditional('回复')).toBe('回覆');
    expect(toTraditional('头发')).toBe('頭髮');
    expect(toTraditional('10分钟')).toBe('10分鐘');
    expect(toTraditional('SSIS-001 カナ 繁體')).toBe('SSIS-001 カナ 繁體');
  });

  it('needs a fifth of the phrase dictionary', () => {
    const kept = phrasesCharactersMiss(STPhrases);
    expect(kept.length).toBeLessThan(STPhrases.length / 4);
  });
});
