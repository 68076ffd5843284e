import { useEffect, useRef, useState } from 'react';

export interface CallHandlers<V, R, C> {
  /** The call itself. */
  call: (variables: V) => Promise<R>;
  /** Before the call (an optimistic change); what it answers comes back to `onError`. */
  before?: (variables: V) => Promise<C> | C;
  onSuccess?: (result: R, variables: V) => void;
  onError?: (error: unknown, variables: V, context: C | undefined) => void;
  /** After either. */
  onSettled?: () => void;
}

/**
 * One call at a time from a control of a work detail (like, collect, play): `run` starts it
 * unless one is on its way, `pending` says so, and the handlers follow it, as TanStack Query's
 * useMutation would. That hook and its observer are about 3 KiB gzip of the detail's first
 * screen (decision 028), and these controls need nothing else of it: the screens that are not a
 * first screen keep useMutation.
 */
export function useCall<V = void, R = unknown, C = undefined>(handlers: CallHandlers<V, R, C>) {
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const run = async (variables: V) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    let context: C | undefined;
    try {
      context = await latest.current.before?.(variables);
      const result = await latest.current.call(variables);
      latest.current.onSuccess?.(result, variables);
    } catch (error) {
      latest.current.onError?.(error, variables, context);
    } finally {
      running.current = false;
      setPending(false);
      latest.current.onSettled?.();
    }
  };
  return { run, pending };
}
