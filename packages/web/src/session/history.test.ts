import { LIMITS } from '@yingku/contract';
import { describe, expect, it } from 'vitest';
import {
  addToHistory,
  HISTORY_KEY,
  type HistoryEntry,
  parseHistory,
  readHistory,
  recordHistory,
} from './history';

function work(id: number): HistoryEntry {
  return {
    id: `18528891568128${String(id).padStart(5, '0')}`,
    number: `YKD-${id}`,
    title: `作品 ${id}`,
    pubTime: '2026-11-22',
    picSmall: `demo/cover/YKD-${id}-s.svg`,
    picBig: `demo/cover/YKD-${id}.svg`,
    modId: 1,
    isOnline: 0,
    isDht: 1,
  };
}

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('addToHistory', () => {
  it('puts the newest first', () => {
    const history = addToHistory(addToHistory([], work(1)), work(2));
    expect(history.map((w) => w.number)).toEqual(['YKD-2', 'YKD-1']);
  });

  it('moves a re-opened work to the front without a duplicate', () => {
    const history = [work(3), work(2), work(1)];
    expect(addToHistory(history, work(1)).map((w) => w.number)).toEqual(['YKD-1', 'YKD-3', 'YKD-2']);
  });

  it('keeps the last 50', () => {
    let history: HistoryEntry[] = [];
    for (let i = 1; i <= 60; i++) history = addToHistory(history, work(i));
    expect(history).toHaveLength(LIMITS.historyEntries);
    expect(history[0]?.number).toBe('YKD-60');
    expect(history.at(-1)?.number).toBe('YKD-11');
  });

  it('does not change the list it is given', () => {
    const history = [work(1)];
    addToHistory(history, work(2));
    expect(history).toEqual([work(1)]);
  });
});

describe('parseHistory', () => {
  it('reads what was stored', () => {
    expect(parseHistory(JSON.stringify([work(1), work(2)]))).toEqual([work(1), work(2)]);
  });

  it('drops broken data instead of failing', () => {
    expect(parseHistory(null)).toEqual([]);
    expect(parseHistory('not json')).toEqual([]);
    expect(parseHistory('{"a":1}')).toEqual([]);
    expect(parseHistory(JSON.stringify([{ id: 1 }, work(2)]))).toEqual([work(2)]);
  });
});

describe('recordHistory', () => {
  it('stores the history in localStorage, newest first', () => {
    const storage = memoryStorage();
    recordHistory(work(1), storage);
    recordHistory(work(2), storage);
    recordHistory(work(1), storage);
    expect(readHistory(storage).map((w) => w.number)).toEqual(['YKD-1', 'YKD-2']);
    expect(JSON.parse(storage.values.get(HISTORY_KEY) ?? '[]')).toHaveLength(2);
  });

  it('still answers when storage refuses to write', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(recordHistory(work(1), storage)).toEqual([work(1)]);
  });
});
