import { type ImportLine, numberKey } from '@yingku/contract';
import type { LinkTableName, PlainEntityTableName } from '../../db/schema';
import { searchText, titleGrams } from '../catalogue/search/text';
import {
  type MagnetRow,
  type NamedRow,
  type NamedTable,
  namedKey,
  type WorkRow,
} from './catalogue-write.repo';

/** The identity of a work in the catalogue (the `works_channel_number` constraint). */
export function workKey(channel: number, number: string): string {
  return `${channel}\t${number}`;
}

/**
 * Cuts lines into consecutive runs of at most `max` lines in which no work appears twice.
 * One upsert statement cannot touch a row twice, and a repeated work must see its earlier
 * line's result (first inserted, then updated), as if the lines were written one by one.
 */
export function duplicateFreeRuns(lines: readonly ImportLine[], max: number): ImportLine[][] {
  const runs: ImportLine[][] = [];
  let run: ImportLine[] = [];
  let keys = new Set<string>();
  for (const line of lines) {
    const key = workKey(line.channel, line.number);
    if (keys.has(key) || run.length >= max) {
      runs.push(run);
      run = [];
      keys = new Set();
    }
    run.push(line);
    keys.add(key);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** The `works` row of a line, with the derived number key and search columns. */
export function workRow(line: ImportLine, id: string): WorkRow {
  const key = numberKey(line.number);
  // Magnets and number search hang on the key; a number without letters or digits has none.
  if (!key) throw new Error(`work number has no letters or digits: ${line.number}`);
  return {
    id,
    channel: line.channel,
    number: line.number,
    number_key: key,
    title: line.title,
    pub_date: line.pubDate,
    duration_min: line.duration,
    pic_small: line.picSmall,
    pic_big: line.picBig,
    mp4: line.mp4,
    image_small: line.imageSmall,
    image_big: line.imageBig,
    is_online: line.isOnline,
    imported_average: line.average,
    imported_evaluates: line.evaluates,
    search_text: searchText(line.number, line.title),
    title_grams: titleGrams(line.title),
    has_magnet: line.magnets.length > 0,
  };
}

/** Makers, labels, series, directors and items: a line field, its table and its link table. */
export const PLAIN_KINDS = [
  { field: 'makers', table: 'makers', link: 'work_makers' },
  { field: 'labels', table: 'labels', link: 'work_labels' },
  { field: 'series', table: 'series', link: 'work_series' },
  { field: 'directors', table: 'directors', link: 'work_directors' },
  { field: 'items', table: 'items', link: 'work_items' },
] as const satisfies ReadonlyArray<{
  field: keyof ImportLine;
  table: PlainEntityTableName;
  link: LinkTableName;
}>;

/**
 * One row per natural key. When lines disagree on a Chinese name the later non-empty one wins,
 * as it would if the lines were written one after another.
 */
export function uniqueNamedRows(table: NamedTable, rows: readonly NamedRow[]): NamedRow[] {
  const byKey = new Map<string, NamedRow>();
  for (const row of rows) {
    const key = namedKey(table, row);
    const seen = byKey.get(key);
    if (!seen || (row.name_cn ?? null) !== null) byKey.set(key, row);
  }
  return [...byKey.values()];
}

/** The magnet key of the `magnets_number_hash` constraint. */
export function magnetKey(numberKeyText: string, infoHash: string): string {
  return `${numberKeyText}\t${infoHash}`;
}

/**
 * The magnets of a batch, one row per (number key, hash) — the later line wins — and which
 * lines carried each, so a written magnet marks its lines as updated.
 */
export function magnetRows(lines: readonly ImportLine[]) {
  const rows = new Map<string, MagnetRow>();
  const linesByKey = new Map<string, number[]>();
  lines.forEach((line, index) => {
    const key = numberKey(line.number);
    for (const m of line.magnets) {
      const k = magnetKey(key, m.infoHash);
      rows.set(k, {
        number: line.number,
        number_key: key,
        name: m.name,
        info_hash: m.infoHash,
        length: m.length,
        create_time: m.createTime,
        hd: m.hd,
        subtitle: m.subtitle,
      });
      linesByKey.set(k, [...(linesByKey.get(k) ?? []), index]);
    }
  });
  return { rows: [...rows.values()], linesByKey };
}
