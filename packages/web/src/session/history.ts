import { LIMITS, type WorkListItem } from '@yingku/contract';
import { worksListGuard } from '../api/works-list-guard';

/** localStorage key of the browsing history (docs/product.md §3 "Local history"). */
export const HISTORY_KEY = 'workHistory';

/** A viewed work, in the shape lists and work cards take, so the member center shows it as-is. */
export type HistoryEntry = WorkListItem;

type HistoryStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The history after viewing `entry`: it moves to the front (no duplicates, matched by id) and
 * only the newest {@link LIMITS.historyEntries} are kept.
 */
export function addToHistory(
  history: readonly HistoryEntry[],
  entry: HistoryEntry,
  limit: number = LIMITS.historyEntries,
): HistoryEntry[] {
  return [entry, ...history.filter((old) => old.id !== entry.id)].slice(0, limit);
}

/** A stored history; entries of another shape (an older version, hand edits) are dropped. */
export function parseHistory(raw: string | null): HistoryEntry[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  // Each entry is a works-list row: checked by the list's own guard, which accepts what the
  // contract's `workListItem` does without loading zod on the detail page (decision 028).
  return value.flatMap((item) => {
    try {
      return worksListGuard.parse({ code: 200, msg: '', rows: [item], total: 1 }).rows;
    } catch {
      return [];
    }
  });
}

/** The works this browser viewed, newest first. */
export function readHistory(storage: HistoryStorage | undefined = safeLocalStorage()): HistoryEntry[] {
  try {
    return parseHistory(storage?.getItem(HISTORY_KEY) ?? null);
  } catch {
    return [];
  }
}

/** Records a viewed work at the front of the history and returns the new history. */
export function recordHistory(
  entry: HistoryEntry,
  storage: HistoryStorage | undefined = safeLocalStorage(),
): HistoryEntry[] {
  const next = addToHistory(readHistory(storage), entry);
  try {
    storage?.setItem(HISTORY_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled (private mode): the history is a convenience, viewing goes on.
  }
  return next;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
