/** What tracing.ts and the SDK it loads (tracing-sdk.ts) share: types only (decision 081). */

/** The fields a log line gets while a span is active: the ids a tracing backend finds it by. */
export interface TraceFields {
  traceId: string;
  spanId: string;
}

/** One job of the queue, as its span describes it (messaging attributes; decision 081). */
export interface JobSpanInfo {
  queue: string;
  jobId: string;
  attempt: number;
  /** The context of the request that queued it ({@link jobTraceCarrier}), linked from the span. */
  carrier: Record<string, string> | undefined;
}

/** What tracing-sdk.ts offers once loaded. */
export interface TracingRuntime {
  activeFields(): TraceFields | undefined;
  carrier(): Record<string, string> | undefined;
  inJobSpan<T>(job: JobSpanInfo, work: () => Promise<T>): Promise<T>;
  shutdown(): Promise<void>;
}
