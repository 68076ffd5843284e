// Shared by the member's lists of works: library (likes, collects, history) and follows (想看, 看过).

/** The works-list columns of the catalogue (see catalogue.service `toListItem`), plus addTime. */
export const LIBRARY_WORK_COLUMNS = [
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
