/**
 * The file name a Content-Disposition gives: RFC 6266's `filename*` first, then `filename`; ''
 * when it names none. Apart from request.ts, which every first screen carries.
 */
export function dispositionName(header: string): string {
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? '';
}
