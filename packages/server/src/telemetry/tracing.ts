/**
 * Tracing as the rest of the server sees it (decision 081): no OpenTelemetry module is imported
 * here. With a collector configured, {@link startTracing} loads tracing-sdk.ts (and with it the
 * SDK and the instrumentations) by a dynamic import, before the entry imports the server; with
 * none, every function below is a check of one variable and nothing of OpenTelemetry is loaded.
 */
import type { JobSpanInfo, TraceFields, TracingRuntime } from './tracing-runtime';
import type { TracingSettings } from './tracing-settings';

let runtime: TracingRuntime | undefined;

/**
 * Starts tracing for this process when a collector is configured; otherwise does nothing and
 * loads nothing. Call it before the first import of fastify, pg or ioredis: the instrumentations
 * patch those modules as they load (main.ts and worker.ts import the rest afterwards).
 */
export async function startTracing(
  settings: TracingSettings | undefined,
  defaultServiceName: string,
): Promise<void> {
  if (!settings || runtime) return;
  const { startTracingSdk } = await import('./tracing-sdk');
  runtime = await startTracingSdk(settings, defaultServiceName);
}

/** Whether this process sends spans (the logger adds the ids to its lines only then). */
export function tracingOn(): boolean {
  return runtime !== undefined;
}

/** The active span's ids for a log line; an empty object without tracing or outside a span. */
export function traceFields(): Partial<TraceFields> {
  return runtime?.activeFields() ?? {};
}

/** The active context as W3C trace headers, to travel in a job's data; undefined when off. */
export function jobTraceCarrier(): Record<string, string> | undefined {
  return runtime?.carrier();
}

/** Runs one job's handling in a consumer span (pg-boss has no instrumentation of its own). */
export function inJobSpan<T>(job: JobSpanInfo, work: () => Promise<T>): Promise<T> {
  return runtime ? runtime.inJobSpan(job, work) : work();
}

/** Sends the spans still buffered, at shutdown; quick and harmless when off. */
export async function stopTracing(): Promise<void> {
  await runtime?.shutdown();
}
