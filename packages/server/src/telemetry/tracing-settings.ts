import { z } from 'zod';

/** The samplers of the OpenTelemetry environment specification that we take (not jaeger/xray). */
export const SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

/** A `key=value,key=value` list, values percent-encoded (the specification's W3C baggage form). */
const keyValueList = z
  .string()
  .refine((v) => parseKeyValues(v) !== undefined, '应为 key=value,key=value（值可用 % 编码）');

const otlpUrl = z
  .string()
  .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, '应为 http:// 或 https:// 开头的地址');

const protocol = z.enum(['http/protobuf'], {
  message: '只支持 http/protobuf（OTLP over HTTP，protobuf 编码）',
});

/**
 * The standard OpenTelemetry variables tracing reads (decision 081), under their own names so a
 * collector's usual set-up works as documented everywhere; parsed here like every other setting.
 */
export const tracingEnvShape = {
  /** `true` turns tracing off whatever else is set (the specification's kill switch). */
  OTEL_SDK_DISABLED: z.enum(['true', 'false'], { message: '应为 true 或 false' }).optional(),
  /** The collector's base address; spans go to `…/v1/traces`. Tracing is on when this or the next is set. */
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl.optional(),
  /** The traces endpoint itself, used as it is; wins over the base address. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpUrl.optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: protocol.optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: protocol.optional(),
  /** Headers on every export, e.g. a hosted backend's key: `x-api-key=…`. */
  OTEL_EXPORTER_OTLP_HEADERS: keyValueList.optional(),
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: keyValueList.optional(),
  /** service.name; default `yingku-server` for the server, `yingku-worker` for `npm run worker`. */
  OTEL_SERVICE_NAME: z.string().min(1).max(128).optional(),
  /** More resource attributes: `deployment.environment.name=prod,service.instance.id=web-1`. */
  OTEL_RESOURCE_ATTRIBUTES: keyValueList.optional(),
  OTEL_TRACES_SAMPLER: z.enum(SAMPLERS, { message: `应为 ${SAMPLERS.join('、')} 之一` }).optional(),
  /** The ratio of the `…traceidratio` samplers, 0–1. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
};

type TracingEnv = { [K in keyof typeof tracingEnvShape]?: z.output<(typeof tracingEnvShape)[K]> };

/** Where spans go and which are kept; undefined in {@link AppConfig} when tracing is off. */
export interface TracingSettings {
  /** The OTLP/HTTP traces endpoint, in full (`http://collector:4318/v1/traces`). */
  url: string;
  headers: Record<string, string>;
  /** OTEL_SERVICE_NAME; undefined: the process's own default. */
  serviceName: string | undefined;
  resourceAttributes: Record<string, string>;
  sampler: (typeof SAMPLERS)[number];
  /** For the ratio samplers: the share of new traces kept. */
  ratio: number;
}

/** Tracing's settings, or undefined when no collector is named (or OTEL_SDK_DISABLED=true). */
export function tracingSettings(e: TracingEnv): TracingSettings | undefined {
  if (e.OTEL_SDK_DISABLED === 'true') return undefined;
  const url =
    e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (e.OTEL_EXPORTER_OTLP_ENDPOINT && `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`);
  if (!url) return undefined;
  return {
    url,
    // The signal's own headers win over the shared ones, key by key, as the specification says.
    headers: {
      ...parseKeyValues(e.OTEL_EXPORTER_OTLP_HEADERS ?? ''),
      ...parseKeyValues(e.OTEL_EXPORTER_OTLP_TRACES_HEADERS ?? ''),
    },
    serviceName: e.OTEL_SERVICE_NAME,
    resourceAttributes: parseKeyValues(e.OTEL_RESOURCE_ATTRIBUTES ?? '') ?? {},
    sampler: e.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on',
    ratio: e.OTEL_TRACES_SAMPLER_ARG ?? 1,
  };
}

/** `a=1,b=x%20y` → `{ a: '1', b: 'x y' }`; undefined when an entry is not `key=value`. */
function parseKeyValues(text: string): Record<string, string> | undefined {
  const pairs: Record<string, string> = {};
  for (const entry of text.split(',')) {
    if (entry.trim() === '') continue;
    const at = entry.indexOf('=');
    const key = entry.slice(0, at).trim();
    if (at <= 0 || key === '') return undefined;
    try {
      pairs[key] = decodeURIComponent(entry.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return pairs;
}
