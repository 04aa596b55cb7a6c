import {
  context,
  propagation,
  trace,
  SpanKind,
  SpanStatusCode,
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
  provider.register({
    contextManager: new AsyncLocalStorageContextManager(),
    propagator: new W3CTraceContextPropagator(),
  });
  active = {
    provider,
    ...(memory ? { memory } : {}),
    shutdown: async () => {
      await provider.shutdown();
      active = undefined;
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

/** W3C `traceparent` of the active context (what travels in NATS headers / the envelope). */
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
