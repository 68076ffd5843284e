/**
 * Work numbers as people type them: `ssis001`, `SSIS-001` and `ssis-00001` are one number.
 * The key keeps letters and digits only, upper-cased (full-width folded); a digit run that
 * follows letters loses its leading zeros (the serial of `SSIS-001`), while digit runs that open
 * a number or follow digits keep them (date-like numbers such as `010120-001`).
 */
export function numberKey(input: string): string {
  const runs =
    input
      .normalize('NFKC')
      .toUpperCase()
      .match(/[A-Z]+|[0-9]+/g) ?? [];
  let key = '';
  let afterLetters = false;
  for (const run of runs) {
    const isDigits = run.charCodeAt(0) <= 57;
    key += isDigits && afterLetters ? run.replace(/^0+(?=\d)/, '') : run;
    afterLetters = !isDigits;
  }
  return key;
}

/**
 * Whether a search keyword may be a work number: ASCII letters, digits and the usual
 * separators only, with at least one digit. Such keywords are matched on the number key.
 */
export function isNumberLike(keyword: string): boolean {
  const text = keyword.normalize('NFKC').trim();
  return /^[A-Za-z0-9][A-Za-z0-9 _.-]*$/.test(text) && /\d/.test(text) && numberKey(text) !== '';
}

/** Whether a keyword is a bare letter prefix of numbers (e.g. `ssis`), matched as a prefix. */
export function isNumberPrefix(keyword: string): boolean {
  return /^[A-Za-z]{2,10}-?$/.test(keyword.normalize('NFKC').trim());
}
