const SHANGHAI_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Asia/Shanghai, `YYYY-MM-DD` (the site's day, DESIGN.md "HTTP contract"). */
export function todayInShanghai(now: Date = new Date()): string {
  return SHANGHAI_DAY.format(now);
}

/** The day `days` before a `YYYY-MM-DD` day. */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
