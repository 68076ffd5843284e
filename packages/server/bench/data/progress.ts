/** Progress on stderr: the current table's rows, rows/s and ETA, plus the whole copy's ETA. */
export interface Progress {
  /** `rowCost`: time per row relative to the cheapest tables (see TableLoad.rowCost). */
  startTable(table: string, expected: number, rowCost?: number): void;
  rows(n: number): void;
  endTable(): void;
  /** A line of its own (a phase done, an index built). */
  note(line: string): void;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const secs = (s: number) =>
  s >= 90 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${s.toFixed(0)}s`;

/**
 * Redraws one line about once a second on a terminal; elsewhere (a log file, CI) prints a line
 * every five seconds instead, so the log stays readable. The overall ETA weighs each table's
 * rows by their cost, since a works row takes far longer than a link row.
 */
export function createProgress(totalCost: number, out: NodeJS.WriteStream = process.stderr): Progress {
  const tty = out.isTTY === true;
  const every = tty ? 1000 : 5000;
  const copyStarted = Date.now();
  let doneCost = 0;
  let table = '';
  let expected = 0;
  let cost = 1;
  let tableRows = 0;
  let tableStarted = 0;
  let lastDraw = 0;

  const line = () => {
    const now = Date.now();
    const rate = tableRows / Math.max(0.001, (now - tableStarted) / 1000);
    const costRate = (doneCost + tableRows * cost) / Math.max(0.001, (now - copyStarted) / 1000);
    const left = Math.max(0, expected - tableRows) / Math.max(rate, 1);
    const allLeft = Math.max(0, totalCost - doneCost - tableRows * cost) / Math.max(costRate, 1);
    const share = expected > 0 ? Math.min(100, (100 * tableRows) / expected) : 100;
    return (
      `${table.padEnd(16)} ${fmt(tableRows).padStart(11)} / ~${fmt(expected)}  ${share.toFixed(0).padStart(3)}%  ` +
      `${fmt(rate)} rows/s  ETA ${secs(left)}  (all tables: ETA ${secs(allLeft)})`
    );
  };
  const draw = () => {
    const now = Date.now();
    if (now - lastDraw < every) return;
    lastDraw = now;
    out.write(tty ? `\r\x1b[2K${line()}` : `${line()}\n`);
  };
  return {
    startTable(name, n, rowCost = 1) {
      table = name;
      expected = n;
      cost = rowCost;
      tableRows = 0;
      tableStarted = Date.now();
      // A table done within the first interval shows only its closing line.
      lastDraw = tableStarted;
    },
    rows(n) {
      tableRows += n;
      draw();
    },
    endTable() {
      const seconds = (Date.now() - tableStarted) / 1000;
      const done = `${table.padEnd(16)} ${fmt(tableRows).padStart(11)} rows in ${seconds.toFixed(1)}s (${fmt(tableRows / Math.max(seconds, 0.001))} rows/s)`;
      out.write(tty ? `\r\x1b[2K${done}\n` : `${done}\n`);
      doneCost += tableRows * cost;
      table = '';
    },
    note(text) {
      out.write(`${text}\n`);
    },
  };
}
