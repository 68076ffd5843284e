/**
 * The site's clock: days and times in its time zone (DESIGN.md "HTTP contract": the site's day is
 * Asia/Shanghai's, and times travel as `YYYY-MM-DD HH:mm:ss` there). The SQL side is
 * db/site-time-sql.ts.
 */
export const SITE_TIME_ZONE = 'Asia/Shanghai';

const SITE_TIME = new Intl.DateTimeFormat('sv-SE', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `YYYY-MM-DD HH:mm:ss` in the site's time zone (db/site-time-sql.ts's shanghaiTime does it in SQL). */
export function formatSiteTime(date: Date): string {
  return SITE_TIME.format(date);
}

const SHANGHAI_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: SITE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Asia/Shanghai, `YYYY-MM-DD` (the site's day, DESIGN.md "HTTP contract"). */
export function todayInShanghai(now: Date = new Date()): string {
  // Every uncached list asks; the zone's offset is whole hours, so its day can only change at
  // a minute's start, and the last minute's answer holds for the whole of it.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: SHANGHAI_DAY.format(now) };
  return lastDay.day;
}
let lastDay = { minute: Number.NaN, day: '' };

/** The day `days` before a `YYYY-MM-DD` day. */
export function daysBefore(day: string, days: number): string {
  // Every list with a date window asks, of today and one of a few windows: kept, not worked
  // out again (the cache starts over past a handful of days and windows).
  const key = `${day}-${days}`;
  let before = DAYS_BEFORE.get(key);
  if (before === undefined) {
    const date = new Date(`${day}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() - days);
    before = date.toISOString().slice(0, 10);
    if (DAYS_BEFORE.size >= 64) DAYS_BEFORE.clear();
    DAYS_BEFORE.set(key, before);
  }
  return before;
}
const DAYS_BEFORE = new Map<string, string>();
