/** One Prometheus sample line; label values are escaped per the text exposition format. */
export function promLine(name: string, labels: Record<string, string>, value: number): string {
  const ls = Object.entries(labels)
    .map(([k, v]) => `${k}="${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
    .join(',');
  return `${name}${ls ? `{${ls}}` : ''} ${value}`;
}

export function promMetric(
  name: string,
  type: 'counter' | 'gauge',
  help: string,
  samples: Array<{ labels: Record<string, string>; value: number }>,
): string {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples.map((s) => promLine(name, s.labels, s.value))].join('\n');
}

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * Counters kept by this process only (Prometheus sums across replicas). Plain fields rather
 * than an OTel meter so /metrics works with telemetry off.
 */
export class IngressMetrics {
  accepted = 0;
  duplicates = 0;
  sseClients = 0;
  sseClientsTotal = 0;
  approvals = 0;
  readonly clientErrors = new Map<number, number>();
  serverErrors = 0;
  /** Requests whose client left before the answer (not errors of ours). */
  clientAborts = 0;
  /** Refusals by stable code (the `error.code` of the body). */
  readonly errorCodes = new Map<string, number>();

  constructor(readonly service: string) {}

  countError(status: number, code?: string): void {
    if (code) this.errorCodes.set(code, (this.errorCodes.get(code) ?? 0) + 1);
    if (status >= 500) this.serverErrors++;
    else if (status >= 400) this.clientErrors.set(status, (this.clientErrors.get(status) ?? 0) + 1);
  }

  render(): string {
    const s = { service: this.service };
    const fourxx = [...this.clientErrors.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, value]) => ({ labels: { ...s, status: String(status) }, value }));
    return (
      [
        promMetric('medagent_ingress_requests_accepted_total', 'counter', 'Consultations accepted and published.', [{ labels: s, value: this.accepted }]),
        promMetric('medagent_ingress_duplicate_submissions_total', 'counter', 'Submissions answered with an existing request id (Idempotency-Key replay).', [
          { labels: s, value: this.duplicates },
        ]),
        promMetric('medagent_ingress_http_4xx_total', 'counter', 'Client errors by status.', fourxx.length ? fourxx : [{ labels: { ...s, status: '400' }, value: 0 }]),
        promMetric('medagent_ingress_http_5xx_total', 'counter', 'Server errors.', [{ labels: s, value: this.serverErrors }]),
        promMetric('medagent_ingress_client_aborts_total', 'counter', 'Requests the client abandoned before the answer (not counted as errors).', [{ labels: s, value: this.clientAborts }]),
        promMetric('medagent_ingress_refusals_total', 'counter', 'Error answers by stable error code.', [...this.errorCodes.entries()].sort().map(([code, value]) => ({ labels: { ...s, code }, value }))),
        promMetric('medagent_ingress_sse_clients', 'gauge', 'Open Server-Sent Events streams.', [{ labels: s, value: this.sseClients }]),
        promMetric('medagent_ingress_sse_clients_total', 'counter', 'Server-Sent Events streams opened.', [{ labels: s, value: this.sseClientsTotal }]),
        promMetric('medagent_ingress_approvals_total', 'counter', 'Approval decisions published.', [{ labels: s, value: this.approvals }]),
      ].join('\n') + '\n'
    );
  }
}
