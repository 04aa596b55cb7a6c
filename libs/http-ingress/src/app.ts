import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import { IngressModule } from './ingress.module';
import type { IngressAppOptions } from './options';

export interface IngressApp {
  app: INestApplication;
  url: string;
}

/**
 * Express under Nest, on a server whose timeouts are ours: headers must arrive within
 * `headersTimeoutMs`, the whole request within `requestTimeoutMs`, checked every second
 * (Node's default check runs every 30 s, so a stalled connection would outlive the limit).
 */
class TimedExpressAdapter extends ExpressAdapter {
  constructor(private readonly limits: { headersTimeout: number; requestTimeout: number }) {
    super();
  }

  override initHttpServer(): void {
    const server = createServer(
      { headersTimeout: this.limits.headersTimeout, requestTimeout: this.limits.requestTimeout, connectionsCheckingInterval: 1000 },
      this.getInstance(),
    );
    server.keepAliveTimeout = 5000;
    server.on('clientError', answerClientError);
    // CONNECT never reaches a route (Node hands over the socket): refuse it in our shape.
    server.on('connect', (_req: unknown, socket: Duplex) => answerRaw(socket, 405, 'METHOD_NOT_ALLOWED', 'http.method', 'Method Not Allowed'));
    this.setHttpServer(server);
  }
}

/**
 * What Node's HTTP parser refuses before any route runs (a malformed request line or header,
 * headers over 16 kB, a request that timed out) still answers in our error shape with a
 * stable code, instead of Node's bare status line.
 */
function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  // A body the parser refused after the headers were dispatched (an unknown transfer coding):
  // the route's answer has not started, so this one goes out instead; started, just close.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, code, rule] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE', 'http.headers_too_large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'REQUEST_TIMEOUT', 'http.timeout']
        : [400, 'CONTRACT_VIOLATION', 'http.parse'];
  answerRaw(socket, status, code, rule, status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request');
}

function answerRaw(socket: Duplex, status: number, code: string, rule: string, reason: string): void {
  const body = JSON.stringify({ error: { code, message: 'the HTTP request could not be served', details: [{ path: '', rule, message: reason }] } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Error-Code: ${code}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** A started ingress. Port 0 picks a free port; `url` is where it actually listens. */
export async function createIngressApp(opts: IngressAppOptions, port: number): Promise<IngressApp> {
  const { host = '127.0.0.1', logger = ['error', 'warn'], headersTimeoutMs = 10_000, requestTimeoutMs = 30_000, ...ingress } = opts;
  const adapter = new TimedExpressAdapter({ headersTimeout: headersTimeoutMs, requestTimeout: Math.max(requestTimeoutMs, headersTimeoutMs) });
  // Our middleware parses bodies (64 kB, JSON only); Express's default parser would pre-empt it.
  const app = await NestFactory.create(IngressModule.register(ingress), adapter, { bodyParser: false, logger, abortOnError: false });
  (app.getHttpAdapter().getInstance() as { disable(setting: string): void }).disable('x-powered-by');
  await app.listen(port, host);
  const addr = app.getHttpServer().address() as AddressInfo;
  const shown = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return { app, url: `http://${shown}:${addr.port}` };
}
