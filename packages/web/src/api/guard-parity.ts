import { expect, it } from 'vitest';
import type { ResponseSchema } from './request';

/** What a guard is held beside: the contract's zod schema for the same answer. */
interface Schema {
  safeParse(data: unknown): { success: true; data: unknown } | { success: false };
}

/**
 * For tests: one case per sample, each asserting that the hand-written guard judges the sample
 * as the contract's schema does — the same value kept when the schema accepts it (unknown fields
 * dropped), a TypeError when it refuses it (guards.ts).
 */
export function itJudgesAsTheSchema(
  guard: ResponseSchema<unknown>,
  schema: Schema,
  samples: Record<string, unknown>,
): void {
  for (const [name, sample] of Object.entries(samples)) {
    it(`judges ${name} as the contract's schema does`, () => {
      const expected = schema.safeParse(sample);
      if (expected.success) expect(guard.parse(sample)).toEqual(expected.data);
      else expect(() => guard.parse(sample)).toThrow(TypeError);
    });
  }
}
