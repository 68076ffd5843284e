import type { CodeBatch } from './activation-codes.service';

/** One CSV field, quoted when it needs to be (RFC 4180). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A batch as CSV: `code,package,batch`, one code a row, the package by name. The byte-order
 * mark makes spreadsheet programs read the (Chinese) package name as UTF-8.
 */
export function batchCsv({ codes, package: pkg, batch }: CodeBatch): string {
  const rows = codes.map((code) => [code, pkg.name, batch].map(csvField).join(','));
  return `\uFEFFcode,package,batch\r\n${rows.join('\r\n')}\r\n`;
}
