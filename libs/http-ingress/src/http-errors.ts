import type { IncomingMessage, ServerResponse } from 'node:http';
import { Catch, HttpException, Inject, Logger, NotFoundException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { MedagentError, type ErrorCode } from '@medagent/contracts';
import { IngressMetrics } from './metrics';
import { allowedMethods } from './methods';

export interface ErrorBody {
  error: { code: ErrorCode | string; message: string; details: Array<{ path: string; message: string; rule?: string }> };
}

const STATUS_OF: Partial<Record<ErrorCode, number>> = {
  CONTRACT_VIOLATION: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  BUS_UNAVAILABLE: 503,
  AUTH_MISSING: 401,
  AUTH_INVALID: 401,
  AUTH_FORBIDDEN: 403,
};

const CODE_OF_STATUS: Record<number, string> = {
  400: 'CONTRACT_VIOLATION',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * The client closed the connection before we could answer (an abort mid-body, a reset). Not
 * a server error: never logged as one, never counted as a 5xx (see `client_aborts`).
 */
export class ClientGoneError extends Error {
  constructor(cause?: unknown) {
    super('client closed the connection', cause === undefined ? undefined : { cause });
    this.name = 'ClientGoneError';
  }
}

/** A known path asked with a method it does not take (405, with the Allow header). */
export class MethodNotAllowedError extends MedagentError {
  readonly status = 405;
  constructor(readonly allow: string[]) {
    super('CONTRACT_VIOLATION', `method not allowed; use ${allow.join(', ')}`, { details: [{ path: 'method', rule: 'http.method', message: `allowed: ${allow.join(', ')}` }] });
  }
}

/** Thrown for a status Nest has no exception class for in our vocabulary (415). */
export class HttpStatusError extends MedagentError {
  constructor(
    readonly status: number,
    code: ErrorCode,
    message: string,
    rule?: string,
  ) {
    super(code, message, rule ? { details: [{ path: 'header', rule, message }] } : {});
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function toErrorBody(e: unknown): { status: number; body: ErrorBody; retryAfterS?: number } {
  if (e instanceof MedagentError) {
    const status = e instanceof HttpStatusError || e instanceof MethodNotAllowedError ? e.status : (STATUS_OF[e.code as ErrorCode] ?? 500);
    // Internal messages can quote internals; callers get the code and a generic sentence.
    const message = status >= 500 && e.code !== 'BUS_UNAVAILABLE' ? 'internal error' : e.message;
    const details = status < 500 ? e.details.map((d) => ({ path: d.path ?? '', message: d.message, ...(d.rule ? { rule: d.rule } : {}) })) : [];
    const retry = e.retryable ? { retryAfterS: Math.max(1, Math.ceil((e.retryAfterMs ?? 1000) / 1000)) } : {};
    return { status, body: { error: { code: e instanceof MethodNotAllowedError ? 'METHOD_NOT_ALLOWED' : e.code, message, details } }, ...retry };
  }
  if (e instanceof HttpException) {
    const status = e.getStatus();
    const code = CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'HTTP_ERROR');
    return { status, body: { error: { code, message: status >= 500 ? 'internal error' : e.message, details: [] } } };
  }
  return { status: 500, body: { error: { code: 'INTERNAL', message: 'internal error', details: [] } } };
}

/**
 * Every error, including unknown routes and body-parser failures, leaves as the same JSON
 * shape. Logs carry method, route template and code only: never bodies or patient context.
 */
@Catch()
export class IngressExceptionFilter implements ExceptionFilter {
  private readonly log = new Logger('Ingress');

  constructor(@Inject(IngressMetrics) private readonly metrics: IngressMetrics) {}

  catch(caught: unknown, host: ArgumentsHost): void {
    let exception = caught;
    const http = host.switchToHttp();
    const res = http.getResponse<ServerResponse>();
    const req = http.getRequest<IncomingMessage & { route?: { path?: string }; path?: string }>();
    const allow = exception instanceof NotFoundException ? allowedMethods(req.path ?? req.url ?? '') : undefined;
    if (allow?.length && !allow.includes(req.method ?? '')) exception = new MethodNotAllowedError(allow);
    // (Not req.destroyed: a request is destroyed once its body was read, client still there.)
    if (exception instanceof ClientGoneError || res.destroyed || res.writableEnded || req.socket?.destroyed) {
      // Nobody is listening: nothing to send, nothing to log, and no 5xx on our books.
      this.metrics.clientAborts++;
      if (!res.destroyed && !res.writableEnded && res.headersSent) res.end();
      return;
    }
    const { status, body, retryAfterS } = toErrorBody(exception);
    this.metrics.countError(status, body.error.code);
    if (status >= 500) {
      const name = exception instanceof Error ? exception.name : typeof exception;
      this.log.error(`${req.method ?? '?'} ${req.route?.path ?? '(unrouted)'} → ${status} ${body.error.code} (${name})`);
    }
    if (res.headersSent) {
      // A stream (SSE) already started: the status line is gone, so just end it.
      res.end();
      return;
    }
    // The code rides in a header too: a HEAD answer has no body to carry it.
    const headers: Record<string, string> = { 'x-error-code': body.error.code, ...(retryAfterS ? { 'retry-after': String(retryAfterS) } : {}) };
    if (status === 401) headers['www-authenticate'] = `Bearer realm="medagent", error="invalid_token"`;
    if (exception instanceof MethodNotAllowedError) headers['allow'] = exception.allow.join(', ');
    sendJson(res, status, body, headers);
  }
}
