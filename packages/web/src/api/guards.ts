// Hand-written checks of an answer's shape, for the calls of the first screens: each accepts and
// rejects what the contract's zod schema for the same answer does (its guard's test holds the two
// side by side), without loading zod (decision 018).

export type Row = Record<string, unknown>;

export const isObject = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function fail(where: string, expected: string): never {
  throw new TypeError(`${where}: expected ${expected}`);
}

export function integer(value: unknown, where: string): number {
  return Number.isSafeInteger(value) ? (value as number) : fail(where, 'an integer');
}

export function text(value: unknown, where: string): string {
  return typeof value === 'string' ? value : fail(where, 'a string');
}

export function boolean(value: unknown, where: string): boolean {
  return typeof value === 'boolean' ? value : fail(where, 'a boolean');
}
