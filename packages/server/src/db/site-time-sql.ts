import { type RawBuilder, sql } from 'kysely';
import { SITE_TIME_ZONE } from '../lib/site-time';

/**
 * Times as the API shows them: `YYYY-MM-DD HH:mm:ss` in the site's time zone (DESIGN.md "HTTP
 * contract"), formatted by the database so every list formats them the same way. The site's
 * clock in JavaScript is lib/site-time.ts.
 */
export { SITE_TIME_ZONE };
const format = (expression: RawBuilder<unknown>) =>
  sql`to_char(${expression} AT TIME ZONE ${sql.lit(SITE_TIME_ZONE)}, 'YYYY-MM-DD HH24:MI:SS')`;

/** A timestamp column as the site's time text. */
export function shanghaiTime(column: string): RawBuilder<string> {
  return format(sql.ref(column)).$castTo<string>();
}

/** A nullable timestamp column as the site's time text, or null (to_char of NULL is NULL). */
export function shanghaiTimeOrNull(column: string): RawBuilder<string | null> {
  return format(sql.ref(column)).$castTo<string | null>();
}

/** A timestamp expression (an aggregate, say) as the site's time text. */
export function shanghaiTimeOf(expression: RawBuilder<unknown>): RawBuilder<string> {
  return format(expression).$castTo<string>();
}
