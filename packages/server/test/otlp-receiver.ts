import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import protobuf from 'protobufjs';

/** One span as the receiver decoded it, flattened with its resource's service name. */
export interface ReceivedSpan {
  service: string;
  /** The instrumentation scope that made it (`@opentelemetry/instrumentation-pg`, `@fastify/otel`…). */
  scope: string;
  traceId: string;
  spanId: string;
  /** Empty for a trace's root. */
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  links: { traceId: string; spanId: string }[];
}

/** The proto files of opentelemetry-proto v1.11.0, as the project publishes them (otlp/README.md). */
const PROTO_ROOT = path.join(import.meta.dirname, 'otlp');
const SERVICE_PROTO = 'opentelemetry/proto/collector/trace/v1/trace_service.proto';

interface AnyValue {
  stringValue?: string;
  intValue?: number | string;
  boolValue?: boolean;
  doubleValue?: number;
}
interface KeyValue {
  key: string;
  value?: AnyValue;
}

/**
 * A real OTLP/HTTP receiver on loopback: `POST /v1/traces` with a protobuf
 * ExportTraceServiceRequest (gzip or not), decoded with protobufjs from the official proto
 * definitions — nothing of the exporter under test — and answered with an empty
 * ExportTraceServiceResponse, as a collector answers. Keeps every span it was sent.
 */
export async function startOtlpReceiver(): Promise<{
  endpoint: string;
  spans: ReceivedSpan[];
  close(): Promise<void>;
}> {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => path.join(PROTO_ROOT, target);
  await root.load(SERVICE_PROTO, { keepCase: false });
  const request = root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest');
  const response = root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse');
  const spans: ReceivedSpan[] = [];

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      if (req.headers['content-type'] !== 'application/x-protobuf') {
        res.writeHead(415).end();
        return;
      }
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      spans.push(...flatten(request.toObject(request.decode(body), { longs: String, bytes: Buffer })));
      const answer = Buffer.from(response.encode(response.create({})).finish());
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** ExportTraceServiceRequest (as a plain object) → one row per span. */
function flatten(message: Record<string, unknown>): ReceivedSpan[] {
  const hex = (bytes: unknown) => (Buffer.isBuffer(bytes) ? bytes.toString('hex') : '');
  const out: ReceivedSpan[] = [];
  type Scoped = { scope?: { name?: string }; spans?: Record<string, unknown>[] };
  type Resourced = { resource?: { attributes?: KeyValue[] }; scopeSpans?: Scoped[] };
  for (const resourceSpans of (message.resourceSpans as Resourced[] | undefined) ?? []) {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    for (const scoped of resourceSpans.scopeSpans ?? []) {
      for (const span of scoped.spans ?? []) {
        const links = (span.links as { traceId?: unknown; spanId?: unknown }[] | undefined) ?? [];
        out.push({
          service: String(resource['service.name'] ?? ''),
          scope: scoped.scope?.name ?? '',
          traceId: hex(span.traceId),
          spanId: hex(span.spanId),
          parentSpanId: hex(span.parentSpanId),
          name: String(span.name ?? ''),
          kind: Number(span.kind ?? 0),
          attributes: attributesOf(span.attributes as KeyValue[] | undefined),
          links: links.map((l) => ({ traceId: hex(l.traceId), spanId: hex(l.spanId) })),
        });
      }
    }
  }
  return out;
}

function attributesOf(list: KeyValue[] | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const { key, value } of list ?? []) {
    const v = value?.stringValue ?? value?.boolValue ?? value?.doubleValue ?? value?.intValue;
    if (v !== undefined) out[key] = typeof v === 'string' && value?.intValue !== undefined ? Number(v) : v;
  }
  return out;
}

/** The spans from `span` up to its trace's root, each the parent of the one before. */
export function ancestry(spans: ReceivedSpan[], span: ReceivedSpan): ReceivedSpan[] {
  const byId = new Map(spans.filter((s) => s.traceId === span.traceId).map((s) => [s.spanId, s]));
  const chain = [span];
  for (let at = byId.get(span.parentSpanId); at && chain.length < 64; at = byId.get(at.parentSpanId)) {
    chain.push(at);
  }
  return chain;
}
