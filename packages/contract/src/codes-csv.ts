/** One CSV field, quoted when it needs to be (RFC 4180). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
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
  const rows = codes.map((code) => [code, packageName, batch].map(csvField).join(','));
  return `\uFEFFcode,package,batch\r\n${rows.join('\r\n')}\r\n`;
}
