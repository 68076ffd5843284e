import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** A nonce as the journal keeps it: the nonce and when it may be used again (epoch ms). */
export interface JournalEntry {
  nonce: string;
  expiresAt: number;
}

/**
 * An append-only record of the nonces granted since they were last written to the table, so
 * that a nonce is kept from the moment its request is answered — a kill -9 before the next
 * write to the database loses none. One file per interval between writes to the table.
 */
export interface NonceJournal {
  /** Records a granted nonce before its request goes on (one write() to the current file). */
  append(entry: JournalEntry): void;
  /**
   * Starts a new file and answers a function that deletes every older one: call it once the
   * nonces appended so far are in the table.
   */
  rotate(): () => void;
  /** The nonces in every file (left by an earlier run, or not yet in the table). */
  readAll(): JournalEntry[];
  close(): void;
}

const FILE = /^(\d{12})\.log$/;

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
  let current = (numbers().at(-1) ?? 0) + 1;
  let fd = openSync(fileOf(current), 'a');

  return {
    append({ nonce, expiresAt }) {
      writeSync(fd, `${nonce} ${expiresAt}\n`);
    },
    rotate() {
      const before = current;
      closeSync(fd);
      current += 1;
      fd = openSync(fileOf(current), 'a');
      return () => {
        for (const n of numbers()) if (n <= before) unlinkSync(fileOf(n));
      };
    },
    readAll() {
      const entries: JournalEntry[] = [];
      for (const n of numbers()) {
        for (const line of readFileSync(fileOf(n), 'utf8').split('\n')) {
          const match = /^([A-Za-z0-9_-]{16,64}) (\d{13,16})$/.exec(line);
          if (match) entries.push({ nonce: match[1]!, expiresAt: Number(match[2]) });
        }
      }
      return entries;
    },
    close() {
      closeSync(fd);
    },
  };
}
