import type { IncomingMessage, ServerResponse } from 'node:http';
import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ContractViolationError, decode, type Envelope } from '@medagent/contracts';
import { retryWhileWanted } from '@medagent/bus';
import type { Principal } from '@medagent/auth';
import { ConsultationRequestDto, IDEMPOTENCY_KEY_PATTERN, ID_PATTERN } from './dto';
import { CurrentPrincipal } from './principal';
import { submissionOf } from './submission';
import { ConsultationsService, type ConsultationStatus } from './consultations.service';
import { IngressMetrics } from './metrics';
import { MAX_WAIT_SECONDS } from './options';
import { isTerminal, progressOf, sseFrame, statusOf, terminalOf } from './progress';

const HEARTBEAT_MS = 15_000;

export function checkId(id: string, what = 'request id'): string {
  if (!ID_PATTERN.test(id)) {
    throw new ContractViolationError(`${what} is malformed`, { details: [{ path: 'id', rule: 'id.pattern', message: `${what} must match ${ID_PATTERN.source}` }] });
  }
  return id;
}

function parseWait(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 0;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) {
    throw new ContractViolationError('wait must be a non-negative number of seconds', {
      details: [{ path: 'wait', rule: 'wait.range', message: `seconds, 0–${MAX_WAIT_SECONDS}` }],
    });
  }
  return Math.min(n, MAX_WAIT_SECONDS);
}

/** Aborts when the client goes away, so long polls and streams release their subscriptions. */
function goneSignal(res: ServerResponse): AbortSignal {
  const ac = new AbortController();
  res.once('close', () => ac.abort());
  return ac.signal;
}

@Controller('v1/consultations')
export class ConsultationsController {
  constructor(
    @Inject(ConsultationsService) private readonly svc: ConsultationsService,
    @Inject(IngressMetrics) private readonly metrics: IngressMetrics,
  ) {}

  @Post()
  @HttpCode(202)
  async submit(
    @Body() body: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @Headers('traceparent') traceparent: string | undefined,
    @Res({ passthrough: true }) res: ServerResponse,
    @CurrentPrincipal() who: Principal,
  ): Promise<{ request_id: string; status_url: string; events_url: string }> {
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new ContractViolationError('Idempotency-Key is malformed', {
        details: [{ path: 'header:Idempotency-Key', rule: 'idempotency.key_format', message: '1–128 visible ASCII characters' }],
      });
    }
    const dto = decode(ConsultationRequestDto, body, 'consultation request');
    const r = await this.svc.submit(submissionOf(dto, who), key, traceparent);
    const statusUrl = `/v1/consultations/${r.request_id}`;
    res.setHeader('location', statusUrl);
    if (r.duplicate) res.setHeader('idempotent-replayed', 'true');
    return { request_id: r.request_id, status_url: statusUrl, events_url: `${statusUrl}/events` };
  }

  @Get(':id')
  get(
    @Param('id') id: string,
    @Query('wait') wait: string | undefined,
    @Res({ passthrough: true }) res: ServerResponse,
    @CurrentPrincipal() who: Principal,
  ): Promise<ConsultationStatus> {
    return this.svc.waitFor(checkId(id), parseWait(wait), goneSignal(res), who);
  }

  /**
   * Progress as Server-Sent Events. Subscribes first, then reads the record and sends it as a
   * `status` line; live events that raced the read are queued and flushed after it, so a late
   * subscriber sees the current state and then everything that follows, in bus order.
   */
  @Get(':id/events')
  async events(@Param('id') id: string, @Req() req: IncomingMessage, @Res() res: ServerResponse, @CurrentPrincipal() who: Principal): Promise<void> {
    checkId(id);
    const queue: Envelope[] = [];
    let live = false;
    let closed = false;
    const finish = () => {
      if (closed) return;
      closed = true;
      res.end();
    };
    const send = (env: Envelope) => {
      if (closed) return;
      res.write(sseFrame(env.event_type, progressOf(env), env.event_id));
      if (env.event_type === 'request.completed' || env.event_type === 'request.failed') finish();
    };
    const sub = await this.svc.subscribe('medagent.>', (env) => {
      if (env.correlation_id !== id) return;
      if (live) send(env);
      else queue.push(env);
    });
    let snap: ConsultationStatus;
    try {
      // Access is decided here, before a single frame: another tenant's id is a plain 404.
      snap = await this.svc.snapshot(id, who);
    } catch (e) {
      await sub.unsubscribe();
      throw e;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    this.metrics.sseClients++;
    this.metrics.sseClientsTotal++;
    const heartbeat = setInterval(() => !closed && res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const onShutdown = () => finish();
    this.svc.shutdown.addEventListener('abort', onShutdown, { once: true });
    // Events published while the NATS connection was away are not replayed: on its return,
    // a fresh status frame, and the terminal one from the record if the request finished.
    let round = 0; // a later reconnect's catch-up replaces a read still retrying
    const stopWatching = this.svc.onReconnect(() => {
      const mine = ++round;
      void this.catchUp(id, who, res, () => !closed && round === mine, finish);
    });
    res.once('close', () => {
      closed = true;
      stopWatching();
      this.svc.shutdown.removeEventListener('abort', onShutdown);
      clearInterval(heartbeat);
      this.metrics.sseClients--;
      sub.unsubscribe().catch(() => undefined);
    });
    req.socket.setTimeout(0);
    res.write(`retry: 3000\n\n`);
    res.write(sseFrame('status', statusOf(snap.record ?? undefined, id)));
    if (snap.record && isTerminal(snap.record.status)) {
      // The result event is in the past: replay it from the record so the stream still ends on it.
      const terminal = queue.find((e) => e.event_type === 'request.completed' || e.event_type === 'request.failed');
      if (terminal) send(terminal);
      else res.write(sseFrame(snap.record.status === 'failed' ? 'request.failed' : 'request.completed', terminalOf(snap.record)));
      finish();
      return;
    }
    live = true;
    for (const env of queue.splice(0)) send(env);
  }

  private async catchUp(id: string, who: Principal, res: ServerResponse, wanted: () => boolean, finish: () => void): Promise<void> {
    // Just after a reconnect the broker may still refuse the read (retryable) with the
    // connection up, so no reconnect would come to try again: retry while the stream is open.
    const snap = await retryWhileWanted(() => this.svc.snapshot(id, who), wanted, this.svc.catchUpBackoff).catch(() => undefined);
    if (!snap || !wanted()) return;
    res.write(sseFrame('status', statusOf(snap.record ?? undefined, id)));
    if (!snap.record || !isTerminal(snap.record.status)) return;
    res.write(sseFrame(snap.record.status === 'failed' ? 'request.failed' : 'request.completed', terminalOf(snap.record)));
    finish();
  }
}
