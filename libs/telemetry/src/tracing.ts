import {
  context,
  propagation,
  trace,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  isSpanContextValid,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

export type TraceExporterKind = 'none' | 'otlp' | 'memory';

export interface TelemetryOptions {
  serviceName: string;
  /** Default from OTEL_TRACES_EXPORTER (`otlp` / `none`); `memory` is for tests. */
  exporter?: TraceExporterKind;
}

export interface TelemetryHandle {
  provider: NodeTracerProvider;
  memory?: InMemorySpanExporter;
  shutdown(): Promise<void>;
}

let active: TelemetryHandle | undefined;
/** True when spans go nowhere (exporter `none`): `withSpan` then skips the SDK span objects. */
let unexported = false;

/**
 * Registers a tracer provider once per process. Spans are always created (so every
 * request has a real trace id, even in embedded mode with nothing exported); the OTLP
 * exporter honours the standard OTEL_EXPORTER_OTLP_* variables.
 */
export function startTelemetry(opts: TelemetryOptions): TelemetryHandle {
  if (active) return active;
  const kind: TraceExporterKind =
    opts.exporter ?? (process.env['OTEL_TRACES_EXPORTER'] === 'otlp' ? 'otlp' : 'none');
  const processors: SpanProcessor[] = [];
  let memory: InMemorySpanExporter | undefined;
  if (kind === 'otlp') {
    // Loaded only when exporting: the exporter's dependency tree is a large share of CLI start-up.
    const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter() as SpanExporter));
  }
  if (kind === 'memory') {
    memory = new InMemorySpanExporter();
    processors.push(new SimpleSpanProcessor(memory));
  }
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env['OTEL_SERVICE_NAME'] ?? opts.serviceName }),
    spanProcessors: processors,
  });
  unexported = processors.length === 0;
  provider.register({
    // With nothing exported, no span is ever read back through the active context: the ids
    // that must travel (the traceparent on outgoing events) come from the span handed to a
    // `withSpan` callback (`traceparentOf`) or from the incoming event. Tracking the context
    // across awaits would put an async hook on every promise: 12 % of the services' CPU per
    // request, measured side by side (docs/perf/README.md). Exporting turns it back on.
    contextManager: unexported ? null : new AsyncLocalStorageContextManager(),
    propagator: new W3CTraceContextPropagator(),
  });
  active = {
    provider,
    ...(memory ? { memory } : {}),
    shutdown: async () => {
      await provider.shutdown();
      active = undefined;
      unexported = false;
    },
  };
  return active;
}

export function tracer(name = 'medagent'): Tracer {
  return trace.getTracer(name);
}

/** Runs `fn` inside a span; records errors and always ends the span. */
export async function withSpan<T>(
  name: string,
  attrs: Attributes,
  fn: (span: Span) => Promise<T>,
  opts: { kind?: SpanKind; parent?: Context } = {},
): Promise<T> {
  const parent = opts.parent ?? context.active();
  if (unexported) return withUnexportedSpan(parent, fn);
  return tracer().startActiveSpan(name, { kind: opts.kind ?? SpanKind.INTERNAL, attributes: attrs }, parent, async (span) => {
    try {
      return await fn(span);
    } catch (e) {
      span.recordException(e instanceof Error ? e : String(e));
      span.setStatus({ code: SpanStatusCode.ERROR, message: e instanceof Error ? e.name : 'error' });
      throw e;
    } finally {
      span.end();
    }
  });
}

/**
 * With no exporter a recorded span is built, filled and dropped for nothing (a few % of each
 * service's CPU). What must survive is the context: a real trace id (from the parent, or new
 * at the root) and a fresh span id, sampled, so `traceparent` links every hop exactly as a
 * recorded span would and a downstream service that does export still sees one trace.
 */
function withUnexportedSpan<T>(parent: Context, fn: (span: Span) => Promise<T>): Promise<T> {
  const up = trace.getSpanContext(parent);
  const span = trace.wrapSpanContext({
    traceId: up && isSpanContextValid(up) ? up.traceId : randomHex(16),
    spanId: randomHex(8),
    traceFlags: TraceFlags.SAMPLED,
  });
  return context.with(trace.setSpan(parent, span), () => fn(span));
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Ids as the SDK's RandomIdGenerator makes them (Math.random; they need not be secret). */
function randomHex(bytes: number): string {
  let out = '';
  for (let i = 0; i < bytes; i++) out += HEX[Math.floor(Math.random() * 256)] as string;
  // An all-zero id is invalid in W3C trace context.
  return /^0+$/.test(out) ? randomHex(bytes) : out;
}

/**
 * W3C `traceparent` naming `span` as the parent (what travels in NATS headers / the
 * envelope). Inside a `withSpan` callback this is what `currentTraceparent()` returns when
 * spans are exported, and it is still right when they are not (no active context then).
 */
export function traceparentOf(span: Span): string | undefined {
  const sc = span.spanContext();
  if (!isSpanContextValid(sc)) return undefined;
  return `00-${sc.traceId}-${sc.spanId}-0${Number(sc.traceFlags || TraceFlags.NONE).toString(16)}`;
}

/**
 * W3C `traceparent` of the active context. The active context is only tracked across awaits
 * while spans are exported (see `startTelemetry`): code that must name its span whether or
 * not they are uses `traceparentOf(span)`.
 */
export function currentTraceparent(ctx: Context = context.active()): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier['traceparent'];
}

export function contextFromTraceparent(traceparent: string | undefined): Context {
  if (!traceparent) return context.active();
  return propagation.extract(context.active(), { traceparent });
}

export function traceIdOf(traceparent: string | undefined): string | undefined {
  return traceparent?.split('-')[1];
}

export { SpanKind, context, trace };
export type { Span, Context };
