import { importLine, type ImportLineInput } from '@yingku/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';
import { todayInShanghai } from '../src/lib/site-time';
import {
  upsertWorks,
  type UpsertWorksOptions,
  type UpsertWorksResult,
} from '../src/features/catalogue-write/catalogue-write.service';

let sequence = 0;

/**
 * A valid import line for a censored work published today (Asia/Shanghai), with a number no
 * other call of this function returns (`TEST-00001`, `TEST-00002`, …), covers, and no entities
 * or magnets unless `overrides` adds them.
 */
export function buildWorkLine(overrides: Partial<ImportLineInput> = {}): ImportLineInput {
  sequence += 1;
  const number = overrides.number ?? `TEST-${String(sequence).padStart(5, '0')}`;
  return {
    channel: 'censored',
    number,
    title: `测试作品 ${sequence}`,
    pubDate: todayInShanghai(),
    duration: 120,
    picSmall: `demo/cover/${number}-s.svg`,
    picBig: `demo/cover/${number}.svg`,
    ...overrides,
  };
}

/**
 * Parses lines with the contract's `importLine` (so a bad line fails the test loudly) and
 * writes them through the catalogue writer. Returns the writer's counts and each line's work id.
 */
export async function insertWorks(
  db: Kysely<DB>,
  lines: ImportLineInput[],
  options: UpsertWorksOptions = {},
): Promise<UpsertWorksResult> {
  return upsertWorks(
    db,
    lines.map((line) => importLine.parse(line)),
    options,
  );
}
