import type { WorkListItem } from '@yingku/contract';
import { sql } from 'kysely';

/**
 * The row every list of works reads — the catalogue's lists and searches, the member's likes,
 * collects and history, 想看 / 看过 and the follows feed — and its shape in the API. One list of
 * columns and one mapper, so a card shows the same fields whichever list it came from.
 */
export const LIST_COLUMN_NAMES = [
  'w.id',
  'w.number',
  'w.title',
  'w.pub_date',
  'w.pic_small',
  'w.pic_big',
  'w.channel',
  'w.is_online',
  'w.has_magnet',
] as const;

/** The same columns for a raw statement (`SELECT ${LIST_COLUMNS} FROM works w …`). */
export const LIST_COLUMNS = sql.raw(LIST_COLUMN_NAMES.join(', '));

export interface ListRow {
  id: string;
  number: string;
  title: string;
  pub_date: string;
  pic_small: string;
  pic_big: string;
  channel: number;
  is_online: number;
  has_magnet: boolean;
}

/** A work-list row as the API shows it. */
export function toListItem(row: ListRow): WorkListItem {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    pubTime: row.pub_date,
    picSmall: row.pic_small,
    picBig: row.pic_big,
    modId: row.channel,
    isOnline: row.is_online,
    isDht: row.has_magnet ? 1 : 0,
  };
}
