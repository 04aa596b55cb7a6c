import type { ServerResponse } from 'node:http';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { sendJson } from './http-errors';
import { renderPrometheus } from '@medagent/telemetry';
import { IngressMetrics, PROMETHEUS_CONTENT_TYPE } from './metrics';
import { INGRESS_OPTIONS, type IngressOptions } from './options';
import { busOpen, withTimeout } from './readiness';

@Controller()
export class HealthController {
  constructor(
    @Inject(INGRESS_OPTIONS) private readonly opts: IngressOptions,
    @Inject(IngressMetrics) private readonly metrics: IngressMetrics,
  ) {}

  @Get('healthz')
  healthz(): { status: 'ok'; service: string } {
    return { status: 'ok', service: this.metrics.service };
  }

  @Get('readyz')
  async readyz(@Res() res: ServerResponse): Promise<void> {
    const kvReady = this.opts.kvReady ?? (() => this.opts.store.get('readyz-probe').then(() => true));
    const [bus, kv] = await Promise.all([withTimeout(busOpen(this.opts.bus)), withTimeout(kvReady())]);
    const ready = bus && kv;
    sendJson(res, ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready', service: this.metrics.service, checks: { bus, kv } });
  }

  @Get('metrics')
  async metricsText(@Res() res: ServerResponse): Promise<void> {
    // Ingress counters plus the runtime's OpenTelemetry instruments (latency, tokens, DLQ, lag).
    const runtime = await renderPrometheus();
    res.writeHead(200, { 'content-type': PROMETHEUS_CONTENT_TYPE });
    res.end(`${this.metrics.render()}${runtime}`);
  }
}
