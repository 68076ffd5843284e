/**
 * OpenTelemetry itself (decision 081): the SDK, the OTLP exporter and the instrumentations of
 * http, Fastify, pg and ioredis. Only telemetry/tracing.ts imports this file, dynamically and only
 * when a collector is configured, so a server without one loads none of it.
 *
 * The server runs as ES modules (compiled by esbuild with every package left an import, decision
 * 050, or from source under tsx): `import pg from 'pg'` does not go through require(), which is
 * all require-in-the-middle sees. import-in-the-middle's loader hook is registered here first, told
 * only of the modules the instrumentations ask for, so those are patched however they are loaded
 * and nothing else passes through it.
 */
import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import {
  type Attributes,
  context,
  type Link,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  type ReadableSpan,
  type Sampler,
  type SpanProcessor,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-node';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { redactUrl } from '../lib/redact-url';
import type { JobSpanInfo, TracingRuntime } from './tracing-runtime';
import type { TracingSettings } from './tracing-settings';

/** Paths polled every few seconds by load balancers and Prometheus: never a trace. */
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Span attributes that hold a URL: capability parameters and stream signatures are blanked. */
const URL_ATTRIBUTES = ['http.url', 'http.target', 'url.full', 'url.path', 'url.query'];

/**
 * Span attributes dropped before export: the client's address. The site keeps members' addresses
 * only with their logins, for a bounded time (docs/operations.md#what-is-kept); a tracing backend
 * would keep them by its own rules.
 */
const DROPPED_ATTRIBUTES = [
  'http.client_ip',
  'net.peer.ip',
  'net.peer.port',
  'client.address',
  'network.peer.address',
  'network.peer.port',
];

/** Starts the SDK; resolves once the module hooks are in place, before the app is imported. */
export async function startTracingSdk(
  settings: TracingSettings,
  defaultServiceName: string,
): Promise<TracingRuntime> {
  const hooks = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, hooks.registerOptions);

  const provider = new NodeTracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({
        'service.name': settings.serviceName ?? defaultServiceName,
        ...settings.resourceAttributes,
      }),
    ),
    sampler: sampler(settings),
    spanProcessors: [
      redacting(
        new BatchSpanProcessor(new OTLPTraceExporter({ url: settings.url, headers: settings.headers })),
      ),
    ],
  });
  // The global provider, the AsyncLocalStorage context manager and W3C trace-context propagation.
  provider.register();
  registerInstrumentations({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => PROBE_PATHS.has((request.url ?? '').split('?')[0]!),
        // Outgoing calls (payment providers, S3) only as part of a traced request or job.
        requireParentforOutgoingSpans: true,
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // The request span and the handler's; a span per hook would double the spans of a
        // request for little (the hooks are ours, short, and the same on every route).
        instrumentHooks: false,
        ignorePaths: (route) => PROBE_PATHS.has(route.url),
      }),
      // SQL and Redis commands only inside a request or a job: pg-boss's polling and the
      // background sweeps would otherwise be a trace each, every second.
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({
        requireParentSpan: true,
        // The command alone: keys name members (stream slots, limits), values are tokens.
        dbStatementSerializer: (command) => command,
      }),
    ],
  });
  await hooks.waitForAllMessagesAcknowledged();

  const tracer = trace.getTracer('yingku');
  return {
    activeFields() {
      const span = trace.getActiveSpan();
      if (!span) return undefined;
      const { traceId, spanId } = span.spanContext();
      return { traceId, spanId };
    },
    carrier() {
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      return Object.keys(carrier).length > 0 ? carrier : undefined;
    },
    inJobSpan(job, work) {
      return tracer.startActiveSpan(
        `${job.queue} process`,
        { kind: SpanKind.CONSUMER, attributes: jobAttributes(job), links: producerLink(job) },
        async (span) => {
          try {
            return await work();
          } catch (error) {
            span.recordException(error as Error);
            span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
            throw error;
          } finally {
            span.end();
          }
        },
      );
    },
    shutdown: () => provider.shutdown(),
  };
}

/** The messaging attributes of a job's span (OpenTelemetry's messaging conventions). */
function jobAttributes(job: JobSpanInfo): Attributes {
  return {
    'messaging.system': 'pg-boss',
    'messaging.operation.type': 'process',
    'messaging.destination.name': job.queue,
    'messaging.message.id': job.jobId,
    'yingku.job.attempt': job.attempt,
  };
}

/** A link to the request that queued the job: a transcode outlives the request by minutes. */
function producerLink(job: JobSpanInfo): Link[] {
  if (!job.carrier) return [];
  const producer = trace.getSpanContext(propagation.extract(context.active(), job.carrier));
  return producer ? [{ context: producer }] : [];
}

function sampler({ sampler: name, ratio }: TracingSettings): Sampler {
  const root = name.endsWith('always_off')
    ? new AlwaysOffSampler()
    : name.endsWith('traceidratio')
      ? new TraceIdRatioBasedSampler(ratio)
      : new AlwaysOnSampler();
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/** {@link redactUrl} for a path or a whole URL (`http.url` holds the origin too). */
function redactedUrl(value: string): string {
  const origin = /^https?:\/\/[^/?#]+/.exec(value)?.[0] ?? '';
  return origin + redactUrl(value.slice(origin.length));
}

/**
 * Blanks capabilities in URLs and drops client addresses as each span ends, before the batch
 * takes it. The attributes object of an ended span is still a plain object in the SDK; changing
 * it here is the one place every instrumentation's spans pass.
 */
function redacting(next: SpanProcessor): SpanProcessor {
  return {
    onStart: (span, parent) => next.onStart(span, parent),
    onEnd(span: ReadableSpan) {
      const attributes = span.attributes as Record<string, unknown>;
      for (const key of URL_ATTRIBUTES) {
        const value = attributes[key];
        if (typeof value === 'string') attributes[key] = redactedUrl(value);
      }
      for (const key of DROPPED_ATTRIBUTES) delete attributes[key];
      next.onEnd(span);
    },
    forceFlush: () => next.forceFlush(),
    shutdown: () => next.shutdown(),
  };
}
