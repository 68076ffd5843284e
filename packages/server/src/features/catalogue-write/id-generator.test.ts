import { describe, expect, it } from 'vitest';
import { createIdGenerator, ID_EPOCH_MS, snowflakeId } from './id-generator';

describe('work ids', () => {
  it('are 16+ digit decimal strings below 2^63', () => {
    const id = createIdGenerator()();
    expect(id).toMatch(/^[1-9]\d{15,18}$/);
    expect(BigInt(id)).toBeLessThan(2n ** 63n);
    expect(snowflakeId(ID_EPOCH_MS + 3 * 86_400_000, 0, 0)).toMatch(/^\d{16,}$/);
  });

  it('pack time, worker and sequence', () => {
    const id = BigInt(snowflakeId(Date.UTC(2024, 0, 1), 5, 7));
    expect(Number(id >> 22n) + ID_EPOCH_MS).toBe(Date.UTC(2024, 0, 1));
    expect(Number((id >> 12n) & 1023n)).toBe(5);
    expect(Number(id & 4095n)).toBe(7);
    expect(() => snowflakeId(Date.UTC(2024, 0, 1), 1024, 0)).toThrow(RangeError);
    expect(() => snowflakeId(ID_EPOCH_MS - 1, 0, 0)).toThrow(RangeError);
  });

  it('strictly increase, within a millisecond, past 4096 per ms and when the clock steps back', () => {
    const clock = [1000, 1000, 999, 2000];
    let tick = 0;
    const next = createIdGenerator({ workerId: 1, now: () => ID_EPOCH_MS + clock[Math.min(tick++, 3)]! });
    const ids = Array.from({ length: 5000 }, () => BigInt(next()));
    for (let i = 1; i < ids.length; i++) expect(ids[i]! > ids[i - 1]!).toBe(true);
  });

  it('repeat exactly under a fixed clock and worker (the demo seed relies on it)', () => {
    const make = () => createIdGenerator({ workerId: 0, now: () => Date.UTC(2024, 0, 1) });
    const a = make();
    const b = make();
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});
