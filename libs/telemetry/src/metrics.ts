import { metrics, type Attributes, type Counter, type Histogram, type Meter } from '@opentelemetry/api';
import {
  DataPointType,
  MeterProvider,
  MetricReader,
  type HistogramMetricData,
  type MetricData,
  type PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';

/** Renders what the SDK collected as Prometheus text for the services' /metrics endpoints. */
export class PrometheusTextReader extends MetricReader {
  // Pull-based: nothing is buffered, so flush and shutdown have nothing to do.
  protected onForceFlush(): Promise<void> {
    return Promise.resolve();
  }
  protected onShutdown(): Promise<void> {
    return Promise.resolve();
  }

  async render(): Promise<string> {
    const { resourceMetrics } = await this.collect();
    const lines: string[] = [];
    for (const scope of resourceMetrics.scopeMetrics) for (const m of scope.metrics) lines.push(...renderMetric(m));
    return lines.length ? `${lines.join('\n')}\n` : '';
  }
}

const sanitize = (n: string) => n.replace(/[^a-zA-Z0-9_:]/g, '_');
const labels = (a: Attributes, extra: Record<string, string> = {}) => {
  const all = { ...Object.fromEntries(Object.entries(a).map(([k, v]) => [sanitize(k), String(v)])), ...extra };
  const parts = Object.entries(all).map(([k, v]) => `${k}="${v.replace(/["\\\n]/g, '_')}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
};

function renderMetric(m: MetricData): string[] {
  const name = sanitize(m.descriptor.name);
  if (m.dataPointType === DataPointType.HISTOGRAM) {
    const out = [`# TYPE ${name} histogram`];
    for (const dp of (m as HistogramMetricData).dataPoints) {
      const { boundaries, counts } = dp.value.buckets;
      let cum = 0;
      boundaries.forEach((b, i) => {
        cum += counts[i] ?? 0;
        out.push(`${name}_bucket${labels(dp.attributes, { le: String(b) })} ${cum}`);
      });
      out.push(`${name}_bucket${labels(dp.attributes, { le: '+Inf' })} ${dp.value.count}`);
      out.push(`${name}_sum${labels(dp.attributes)} ${dp.value.sum ?? 0}`, `${name}_count${labels(dp.attributes)} ${dp.value.count}`);
    }
    return out;
  }
  const type = m.dataPointType === DataPointType.SUM && m.isMonotonic ? 'counter' : 'gauge';
  return [`# TYPE ${name} ${type}`, ...m.dataPoints.map((dp) => `${name}${labels(dp.attributes)} ${Number(dp.value)}`)];
}

let provider: MeterProvider | undefined;
let prometheus: PrometheusTextReader | undefined;

/**
 * One meter provider per process: a Prometheus-text reader always (the /metrics endpoints),
 * plus OTLP export when OTEL_METRICS_EXPORTER=otlp (loaded only then).
 */
export function startMetrics(): PrometheusTextReader {
  if (prometheus) return prometheus;
  prometheus = new PrometheusTextReader();
  const readers: MetricReader[] = [prometheus];
  if (process.env['OTEL_METRICS_EXPORTER'] === 'otlp') {
    const { OTLPMetricExporter } = require('@opentelemetry/exporter-metrics-otlp-http') as typeof import('@opentelemetry/exporter-metrics-otlp-http');
    const { PeriodicExportingMetricReader: Periodic } = require('@opentelemetry/sdk-metrics') as { PeriodicExportingMetricReader: typeof PeriodicExportingMetricReader };
    readers.push(new Periodic({ exporter: new OTLPMetricExporter() }));
  }
  provider = new MeterProvider({ readers });
  instruments = undefined; // meters taken before this point came from the no-op provider
  metrics.setGlobalMeterProvider(provider);
  return prometheus;
}

export async function renderPrometheus(): Promise<string> {
  return prometheus ? prometheus.render() : '';
}

export interface MedagentInstruments {
  requestDuration: Histogram;
  taskDuration: Histogram;
  tokens: Counter;
  deadLetters: Counter;
  memoryDegraded: Counter;
  resubmissions: Counter;
  meter: Meter;
}

let instruments: MedagentInstruments | undefined;

/** The runtime's instruments (no-ops until startMetrics registers a provider). */
export function medagentMetrics(): MedagentInstruments {
  if (instruments) return instruments;
  const meter = metrics.getMeter('medagent');
  instruments = {
    meter,
    requestDuration: meter.createHistogram('medagent_request_duration_ms', { description: 'request latency, submitted to result', unit: 'ms' }),
    taskDuration: meter.createHistogram('medagent_task_duration_ms', { description: 'task latency by role and type', unit: 'ms' }),
    tokens: meter.createCounter('medagent_tokens_total', { description: 'model tokens by role, task type and kind' }),
    deadLetters: meter.createCounter('medagent_dead_letters_total', { description: 'dead letters by code' }),
    memoryDegraded: meter.createCounter('medagent_memory_degraded_total', { description: 'memory operations served by the in-memory fallback' }),
    resubmissions: meter.createCounter('medagent_resubmissions_total', {
      description: 'submissions of a request that already existed, by outcome (result announced again, still running, other user)',
    }),
  };
  return instruments;
}
