/**
 * One CSV field, quoted when it needs to be (RFC 4180). A text a spreadsheet would run as a
 * formula (starting with = + - @, a tab or a carriage return) is led by an apostrophe (OWASP CSV
 * injection), so a member's folder name or message opens as the text it is.
 */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A table as CSV with a header row, CRLF line ends and a byte-order mark (for spreadsheets). */
export function csvTable(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  const lines = [header, ...rows].map((row) => row.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * A batch of activation codes as CSV: `code,package,batch`, one code a row, the package by
 * name. The byte-order mark makes spreadsheet programs read the (Chinese) package name as
 * UTF-8. The admin CLI and the console's download build the same file.
 */
export function batchCsv({
  codes,
  packageName,
  batch,
}: {
  codes: readonly string[];
  packageName: string;
  batch: string;
}): string {
  return csvTable(
    ['code', 'package', 'batch'],
    codes.map((code) => [code, packageName, batch]),
  );
}
