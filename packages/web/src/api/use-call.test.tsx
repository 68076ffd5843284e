import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useCall } from './use-call';

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useCall', () => {
  it('runs one call at a time, pending meanwhile, then the success handlers', async () => {
    const answer = deferred<string>();
    const seen: string[] = [];
    const { result } = renderHook(() =>
      useCall({
        call: (n: number) => {
          seen.push(`call ${n}`);
          return answer.promise;
        },
        before: (n) => void seen.push(`before ${n}`),
        onSuccess: (value, n) => void seen.push(`success ${value} ${n}`),
        onSettled: () => void seen.push('settled'),
      }),
    );
    let first!: Promise<void>;
    act(() => {
      first = result.current.run(1);
    });
    expect(result.current.pending).toBe(true);
    // A second tap while the first is on its way is ignored.
    await act(() => result.current.run(2));
    await act(async () => {
      answer.resolve('ok');
      await first;
    });
    expect(result.current.pending).toBe(false);
    expect(seen).toEqual(['before 1', 'call 1', 'success ok 1', 'settled']);
  });

  it('hands a failure and what `before` answered to onError, and can run again', async () => {
    const seen: unknown[] = [];
    const { result } = renderHook(() =>
      useCall({
        call: () => Promise.reject(new Error('refused')),
        before: () => 'snapshot',
        onError: (error, _v, context) => void seen.push((error as Error).message, context),
      }),
    );
    await act(() => result.current.run());
    await act(() => result.current.run());
    expect(seen).toEqual(['refused', 'snapshot', 'refused', 'snapshot']);
    expect(result.current.pending).toBe(false);
  });
});
