import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** A nonce as the journal keeps it: the nonce and when it may be used again (epoch ms). */
export interface JournalEntry {
  nonce: string;
  expiresAt: number;
}

/**
 * An append-only record of the nonces granted, so that a nonce is kept from the moment its
 * request is answered: a restart, a crash or a kill -9 loses none. It is the embedded
 * database's only record of them (decision 004): one file per interval, deleted once every
 * nonce in it has expired.
 */
export interface NonceJournal {
  /** Records a granted nonce before its request goes on (one write() to the current file). */
  append(entry: JournalEntry): void;
  /**
   * Starts a new file, and deletes every older one whose nonces have all expired by `now`
   * (epoch ms).
   */
  rotate(now: number): void;
  /** The nonces in every file (left by an earlier run, or appended since). */
  readAll(): JournalEntry[];
  close(): void;
}

const FILE = /^(\d{12})\.log$/;
const LINE = /^([A-Za-z0-9_-]{16,64}) (\d{13,16})$/;

/**
 * The journal in `dir` (`DATA_DIR/nonce-journal`): files `000000000001.log`, … of lines
 * `<nonce> <expiresAt>`. A write() is in the kernel once it returns, so it outlives the process
 * (a crash, a kill -9); a line cut short by one is skipped when read.
 */
export function openNonceJournal(dir: string): NonceJournal {
  mkdirSync(dir, { recursive: true });
  const numbers = () =>
    readdirSync(dir)
      .map((name) => FILE.exec(name)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
  const fileOf = (n: number) => path.join(dir, `${String(n).padStart(12, '0')}.log`);
  const read = (n: number) => {
    const entries: JournalEntry[] = [];
    for (const line of readFileSync(fileOf(n), 'utf8').split('\n')) {
      const match = LINE.exec(line);
      if (match) entries.push({ nonce: match[1]!, expiresAt: Number(match[2]) });
    }
    return entries;
  };
  /**
   * The newest expiry in each file: the current one's as it is written, an older one's read
   * from the file when first asked.
   */
  const newest = new Map<number, number>();
  const newestOf = (n: number) => {
    let at = newest.get(n);
    if (at === undefined) {
      at = read(n).reduce((max, e) => Math.max(max, e.expiresAt), 0);
      newest.set(n, at);
    }
    return at;
  };
  let current = (numbers().at(-1) ?? 0) + 1;
  let fd = openSync(fileOf(current), 'a');
  newest.set(current, 0);

  return {
    append({ nonce, expiresAt }) {
      writeSync(fd, `${nonce} ${expiresAt}\n`);
      if (expiresAt > newest.get(current)!) newest.set(current, expiresAt);
    },
    rotate(now) {
      closeSync(fd);
      current += 1;
      fd = openSync(fileOf(current), 'a');
      newest.set(current, 0);
      for (const n of numbers()) {
        if (n < current && newestOf(n) < now) {
          unlinkSync(fileOf(n));
          newest.delete(n);
        }
      }
    },
    readAll() {
      const entries: JournalEntry[] = [];
      for (const n of numbers()) {
        entries.push(...read(n));
      }
      return entries;
    },
    close() {
      closeSync(fd);
    },
  };
}
