/**
 * Money, written once (decision 037). Amounts are integer cents in the database and in code, and
 * exact yuan text with two decimals on the wire (`45.00`), for buyers and staff alike: never a
 * float, whose sums drift (0.1 + 0.2). Its own module, without zod, for the web's first screens.
 */

/** The wire form of an amount: yuan with exactly two decimals, no leading zero (`0.50`, `45.00`). */
export const YUAN_TEXT = /^(0|[1-9]\d*)\.\d{2}$/;

/** The most yuan digits a price may have before its point: up to 9,999,999.99. */
export const MAX_PRICE_YUAN_DIGITS = 7;

const YUAN = /^(0|[1-9]\d{0,9})(?:\.(\d{1,2}))?$/;

/**
 * Cents of a yuan amount as people and providers write it — `45`, `45.5`, `45.50`, `0.07` —
 * exactly, without floating point; null when the text is not one (a third decimal, a sign, a
 * leading zero, spaces, `1e3`…). Zero is an amount: callers that need more say so.
 */
export function parseYuan(text: string): number | null {
  const match = YUAN.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * Cents of a price typed by staff (the console, the CLI): trimmed, above zero, at most
 * {@link MAX_PRICE_YUAN_DIGITS} digits before the point; null otherwise.
 */
export function parsePrice(text: string): number | null {
  const cents = parseYuan(text.trim());
  return cents !== null && cents > 0 && cents < 10 ** (MAX_PRICE_YUAN_DIGITS + 2) ? cents : null;
}

/** `4500` → `45.00`: the wire form of every amount. Throws on anything but whole, non-negative cents. */
export function formatYuan(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Invalid amount: ${cents} cents`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Cents of an amount in its wire form (`45.00` → 4500). Throws on anything else. */
export function centsOf(yuanText: string): number {
  const cents = YUAN_TEXT.test(yuanText) ? parseYuan(yuanText) : null;
  if (cents === null) throw new RangeError(`Not an amount: ${yuanText}`);
  return cents;
}
